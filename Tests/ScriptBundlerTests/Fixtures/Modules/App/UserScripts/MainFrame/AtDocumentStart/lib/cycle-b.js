import { fromA, aValue } from "./cycle-a.js";
export function fromB() { return "B" + fromA(); }
let seen;
try { seen = aValue; } catch (error) { seen = error.constructor.name; }
__log.push("cycle b evaluated, aValue: " + seen);
