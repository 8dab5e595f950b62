/**
 * Settings production accepts, as loadConfig's environment: every secret random-looking and long enough (decision
 * 055), Chargily and eSIM Access live. Tests that need a production app start from these.
 */
export const PRODUCTION_SETTINGS = {
  NODE_ENV: "production",
  SMTP_URL: "smtps://user:pass@mail.example.com:465",
  PUBLIC_URL: "https://shop.example.dz",
  PAYMENT_PROVIDER: "chargily",
  CHARGILY_SECRET_KEY: "live_sk_9fQ2xL7mR4tW8zK1bN6cV3hJ5dS0gP",
  CHARGILY_BASE_URL: "https://pay.chargily.net/api/v2",
  ESIM_PROVIDER: "esim-access",
  ESIM_ACCESS_ACCESS_CODE: "access-code",
  ESIM_WEBHOOK_TOKEN: "3f9c1a7e5b2d8f604e1c9a3b7d5f2e80a6c4b1d9",
  OPERATOR_TOTP_KEY: "b8e2f5a1c9d04763e8f1a2b5c7d9e3f0a4b6c8d2e1f3a5b7c9d0e2f4a6b8c1d3",
} as const;
