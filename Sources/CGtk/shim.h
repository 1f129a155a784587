#ifndef CGTK_SHIM_H
#define CGTK_SHIM_H

/* The oldest GTK and libadwaita the app supports are Debian 12's (GTK 4.8, libadwaita 1.2).
   Built against a newer one (the Debian 13 lane: GTK 4.18, libadwaita 1.7), an API deprecated
   since then is not a warning, and an API newer than 4.8 or 1.2 is one: the code stays buildable
   on both. */
#define GDK_VERSION_MIN_REQUIRED GDK_VERSION_4_8
#define GDK_VERSION_MAX_ALLOWED GDK_VERSION_4_8
#define ADW_VERSION_MIN_REQUIRED ADW_VERSION_1_2
#define ADW_VERSION_MAX_ALLOWED ADW_VERSION_1_2

#include <gtk/gtk.h>
#include <adwaita.h>
#include <pango/pangocairo.h>
#include <glib-unix.h> /* g_unix_signal_add_full: SIGTERM and SIGINT save and quit */
#include <malloc.h> /* malloc_trim, for the benchmarks' retained-memory figure */
#include <libintl.h> /* bindtextdomain, bind_textdomain_codeset: the app's translations (P5) */

/* Typed helpers for what Swift cannot import: C macros and variadic functions. */

static inline GType cgtk_string_type(void) { return G_TYPE_STRING; }
static inline GType cgtk_boolean_type(void) { return G_TYPE_BOOLEAN; }
static inline GType cgtk_int_type(void) { return G_TYPE_INT; }

/* An icon that assistive technology skips (its button or row names it); the role is
   construct-only, so it needs g_object_new, which is variadic. */
static inline GtkWidget *cgtk_presentation_image_new(const char *icon_name) {
    return g_object_new(GTK_TYPE_IMAGE, "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, "icon-name", icon_name, NULL);
}

/* GTK 3's gtk_adjustment_value_changed: tells the adjustment's users that its value changed,
   without changing it (g_signal_emit_by_name is variadic). */
static inline void cgtk_adjustment_value_changed(GtkAdjustment *adjustment) {
    g_signal_emit_by_name(adjustment, "value-changed");
}

/* A text tag that keeps Pango from drawing a hyphen where a line breaks inside a word
   (g_object_new is variadic). */
static inline GtkTextTag *cgtk_text_tag_new_without_hyphens(void) {
    return g_object_new(GTK_TYPE_TEXT_TAG, "insert-hyphens", FALSE, NULL);
}

/* A row's selected state for assistive technology (gtk_accessible_update_state is variadic). */
static inline void cgtk_accessible_set_selected(GtkWidget *widget, gboolean selected) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_SELECTED, selected, -1);
}

#endif
