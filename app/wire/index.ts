// The wire shapes between the snippet and the server, in one import.
export * from "./limits";
export * from "./goal";
export * from "./text";
export * from "./site-id";
export * from "./targeting";
export * from "./order-id";
export type * from "./consent";
export type * from "./patches";
export type * from "./events";
