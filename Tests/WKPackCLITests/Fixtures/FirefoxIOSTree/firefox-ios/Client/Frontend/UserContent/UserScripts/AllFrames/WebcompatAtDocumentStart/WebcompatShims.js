"use strict";

__log.push("webcompat");
