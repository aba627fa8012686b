/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Sets @error (which may be NULL) to @domain and @code with a message
 * formatted from @format, and returns FALSE, so a reader can end with
 * `return parlor_fail (error, …);`. */
gboolean parlor_fail (GError    **error,
                      GQuark      domain,
                      int         code,
                      const char *format,
                      ...) G_GNUC_PRINTF (4, 5);

G_END_DECLS
