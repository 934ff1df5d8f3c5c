exports.value = "helper";
