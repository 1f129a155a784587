#ifndef CWEBKIT_SHIM_H
#define CWEBKIT_SHIM_H

/* The same floor as CGtk's shim.h (GTK 4.8): WebKit's headers include GTK's, and Swift sees
   GTK's declarations through this module too, so they must carry the same deprecations (built
   against GTK 4.18 without it, a call the floor allows was a deprecation warning). */
#define GDK_VERSION_MIN_REQUIRED GDK_VERSION_4_8
#define GDK_VERSION_MAX_ALLOWED GDK_VERSION_4_8

#include <webkit/webkit.h>
#include <jsc/jsc.h>

/* Typed helpers for what Swift cannot import: construct-only properties need g_object_new,
   which is variadic. */

/* A web view with its own settings, user content manager (so its script messages name it)
   and network session; with a related view, it shares that view's web process. */
static inline GtkWidget *cwebkit_web_view_new(WebKitSettings *settings, WebKitUserContentManager *content,
                                              WebKitNetworkSession *session, WebKitWebView *related) {
    if (related)
        return g_object_new(WEBKIT_TYPE_WEB_VIEW, "settings", settings, "user-content-manager", content,
                            "related-view", related, NULL);
    return g_object_new(WEBKIT_TYPE_WEB_VIEW, "settings", settings, "user-content-manager", content,
                        "network-session", session, NULL);
}

static inline WebKitWebView *cwebkit_web_view(GtkWidget *widget) { return WEBKIT_WEB_VIEW(widget); }

#endif
