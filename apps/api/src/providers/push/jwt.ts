import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from "node:crypto";

// Both push services authenticate with a JWT signed by a key of ours: RS256 for Google's OAuth 2 token exchange,
// ES256 for APNs' provider token. node:crypto does both in a few lines, so no JOSE library.

export type JwtAlgorithm = "RS256" | "ES256";

export interface JwtHeader {
  alg: JwtAlgorithm;
  typ?: "JWT";
  kid?: string;
}

/** ES256 signatures are the raw r‖s pair (RFC 7518 §3.4), not the DER node:crypto makes by default. */
function keyFor(algorithm: JwtAlgorithm, key: KeyObject) {
  return algorithm === "ES256" ? { key, dsaEncoding: "ieee-p1363" as const } : key;
}

/** A compact JWS of the claims, signed with SHA-256 by the private key (PEM or KeyObject). */
export function signJwt(header: JwtHeader, claims: Record<string, unknown>, privateKey: KeyObject | string): string {
  const signingInput = `${Buffer.from(JSON.stringify(header)).toString("base64url")}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}`;
  const key = typeof privateKey === "string" ? createPrivateKey(privateKey) : privateKey;
  const signature = sign("sha256", Buffer.from(signingInput), keyFor(header.alg, key));
  return `${signingInput}.${signature.toString("base64url")}`;
}

/**
 * The header and claims of a JWT whose signature the public key (or its private key) verifies with the expected
 * algorithm; undefined otherwise. Used by the local doubles of FCM and APNs, as the real services check ours.
 */
export function verifyJwt(
  jwt: string,
  options: { algorithm: JwtAlgorithm; key: KeyObject | string },
): { header: JwtHeader; claims: Record<string, unknown> } | undefined {
  const parts = jwt.split(".");
  if (parts.length !== 3) return undefined;
  const [headerPart, claimsPart, signaturePart] = parts as [string, string, string];
  try {
    const header = JSON.parse(Buffer.from(headerPart, "base64url").toString("utf8")) as JwtHeader;
    if (header.alg !== options.algorithm) return undefined;
    const { key } = options;
    const publicKey = typeof key !== "string" && key.type === "public" ? key : createPublicKey(key);
    const isValid = verify(
      "sha256",
      Buffer.from(`${headerPart}.${claimsPart}`),
      keyFor(options.algorithm, publicKey),
      Buffer.from(signaturePart, "base64url"),
    );
    if (!isValid) return undefined;
    return { header, claims: JSON.parse(Buffer.from(claimsPart, "base64url").toString("utf8")) };
  } catch {
    return undefined;
  }
}
