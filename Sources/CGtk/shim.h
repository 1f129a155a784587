#ifndef CGTK_SHIM_H
#define CGTK_SHIM_H

#include <gtk/gtk.h>
#include <adwaita.h>
#include <pango/pangocairo.h>

/* Typed helpers for what Swift cannot import: C macros and variadic functions. */

static inline const GdkModifierType cgtk_control_mask(void) { return GDK_CONTROL_MASK; }
static inline const GdkModifierType cgtk_shift_mask(void) { return GDK_SHIFT_MASK; }

#endif
