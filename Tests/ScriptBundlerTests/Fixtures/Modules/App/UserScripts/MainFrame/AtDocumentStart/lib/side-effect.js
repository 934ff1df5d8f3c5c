__log.push("side effect");
