"use strict";
__log.push("B evaluated");
export const b = "bee";
