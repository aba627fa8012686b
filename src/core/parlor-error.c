/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-error"

#include "config.h"

#include "parlor-error.h"

gboolean
parlor_fail (GError    **error,
             GQuark      domain,
             int         code,
             const char *format,
             ...)
{
  va_list args;

  if (error == NULL)
    return FALSE;
  va_start (args, format);
  g_propagate_error (error, g_error_new_valist (domain, code, format, args));
  va_end (args);
  return FALSE;
}
