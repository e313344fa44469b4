/**
 * The per-request Content-Security-Policy nonce (made by server.js), passed down so Remix's inline
 * scripts carry it. On the client the value is irrelevant and empty.
 */
import { createContext, useContext } from "react";

export const NonceContext = createContext<string>("");

/** The CSP nonce of the current request ("" in the browser). */
export function useNonce(): string {
  return useContext(NonceContext);
}
