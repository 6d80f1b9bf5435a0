// The wire shapes between the snippet and the server, in one import.
export * from "./limits";
export * from "./rules/goal";
export * from "./rules/text";
export * from "./rules/site-id";
export * from "./rules/targeting";
export * from "./rules/order-id";
export * from "./rules/audience";
export type * from "./consent";
export type * from "./patches";
export type * from "./events";
