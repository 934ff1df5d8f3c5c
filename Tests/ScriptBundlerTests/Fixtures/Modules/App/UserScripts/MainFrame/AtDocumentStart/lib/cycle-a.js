import { fromB } from "./cycle-b.js";
export function fromA() { return "A"; }
export const aValue = "a" + fromB();
__log.push("cycle a evaluated");
