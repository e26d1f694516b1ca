/** The sandbox's handler for every endpoint of the table (the type makes a missing one a compile error). */
import { affiliateHandlers } from "./affiliate";
import { contractHandlers } from "./contract";
import { marketHandlers } from "./market";
import { spotHandlers } from "./spot";
import type { HandlerTable } from "./types";

export const HANDLERS: HandlerTable = { ...marketHandlers, ...spotHandlers, ...contractHandlers, ...affiliateHandlers };
