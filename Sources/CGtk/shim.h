#ifndef CGTK_SHIM_H
#define CGTK_SHIM_H

#include <gtk/gtk.h>
#include <adwaita.h>
#include <glib-unix.h> /* g_unix_signal_add: SIGTERM and SIGINT end the app cleanly */
#include <pango/pangocairo.h>
#include <malloc.h> /* malloc_trim, for the benchmarks' retained-memory figure */

/* Typed helpers for what Swift cannot import: C macros and variadic functions. */

static inline GType cgtk_string_type(void) { return G_TYPE_STRING; }
static inline GType cgtk_boolean_type(void) { return G_TYPE_BOOLEAN; }

#endif
