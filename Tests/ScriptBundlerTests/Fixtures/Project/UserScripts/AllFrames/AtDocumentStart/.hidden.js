throw new Error("hidden files are skipped");
