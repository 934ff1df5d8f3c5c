// iOS stand-ins for desktop modules the shared code imports.
export const AppConstants = { platform: "ios", MOZ_UPDATE_CHANNEL: "release" };

export const XPCOMUtils = {
  defineLazyGetter(object, name, getter) {
    Object.defineProperty(object, name, { get: getter, configurable: true });
  },
};

export const Region = { home: "US" };

export const OSKeyStore = { canReauth: () => false };

export const ContentDOMReference = {
  get(element) {
    return { id: "ref:" + element };
  },
};
