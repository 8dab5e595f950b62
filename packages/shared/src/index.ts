export * from "./countries.ts";
export * from "./errors.ts";
export * from "./fields.ts";
export * from "./format.ts";
export * from "./http.ts";
export * from "./locale.ts";
export * from "./phone.ts";
