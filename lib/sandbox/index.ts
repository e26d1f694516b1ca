export { DEFAULT_SANDBOX_CREDENTIALS, sandboxOptions, type SandboxOptions } from "./config";
export { PLAIN_ACCOUNT_UID, type SandboxAccount } from "./accounts";
export { SandboxExchange, startSandbox, WEIGHT_HEADERS, type RunningSandbox } from "./server";
export { FaultInjector, type Fault } from "./faults";
