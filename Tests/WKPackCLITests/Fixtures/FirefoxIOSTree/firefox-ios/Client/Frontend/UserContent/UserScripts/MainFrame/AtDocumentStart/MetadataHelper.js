const { getMetadata } = require("page-metadata-parser");

__log.push("metadata " + getMetadata({ title: "Example" }).title);
