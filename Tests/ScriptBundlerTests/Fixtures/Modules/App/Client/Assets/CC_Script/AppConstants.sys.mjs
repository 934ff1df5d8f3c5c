export const AppConstants = { platform: "desktop" };
