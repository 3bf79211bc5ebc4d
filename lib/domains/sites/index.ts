export * from "./sites";
export * from "./resolve";
export * from "./urls";
export { getSiteHosts } from "./hosts";
