throw new Error("folders are not recursive");
