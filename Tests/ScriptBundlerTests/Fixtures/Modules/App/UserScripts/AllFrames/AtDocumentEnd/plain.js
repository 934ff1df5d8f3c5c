const events = "document end";
window.endEvents = events;
