/** How much one address, account or process may ask of a node; set from the environment (server/config.ts). */
export interface Limits {
  /** Global API requests per IP per minute. */
  requestsPerMinute: number;
  /** E-mail codes one IP may request per hour. */
  codesPerIpPerHour: number;
  /** Seconds before the same address may get another code. */
  codeResendSeconds: number;
  /** Wrong passwords per account from one source (an address, or a device or session the owner used) within the window. */
  loginFailures: number;
  /** Wrong passwords per account from all sources the owner has not used together, within the window. */
  untrustedLoginFailures: number;
  loginWindowSeconds: number;
  /** Registrations per IP per hour. */
  registrationsPerIpPerHour: number;
  /** Sign-in attempts per IP per hour, right or wrong, known account or not. */
  signInsPerIpPerHour: number;
  /** Password hashes that may run at once in the process; more are answered "busy" at once. */
  hashesAtOnce: number;
  /** Open connections from one address (raise it behind a proxy that shares one address). */
  connectionsPerIp: number;
  /** Open connections in all; kept below the process's open-file limit whatever it says. */
  connections: number;
}
