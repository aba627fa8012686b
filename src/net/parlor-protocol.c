/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-protocol"

#include "config.h"

#include <string.h>

#include "parlor-line.h"
#include "parlor-protocol.h"

static const char * const payload_types[] = { "action", "event", "view", "over", NULL };

gboolean
parlor_protocol_is_payload_type (const char *type)
{
  g_return_val_if_fail (type != NULL, FALSE);
  return g_strv_contains (payload_types, type);
}

/* The game line after "@type ", or NULL when @text is not of that type or
 * carries nothing. The spaces before the payload are skipped (a line holds
 * no tab: see parlor-line.h). */
const char *
parlor_protocol_payload (const char *text,
                         const char *type)
{
  gsize len;
  const char *p;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (type != NULL, NULL);

  while (*text == ' ')
    text++;
  len = strlen (type);
  if (strncmp (text, type, len) != 0 || text[len] != ' ')
    return NULL;

  for (p = text + len; *p == ' '; p++)
    ;

  return *p != '\0' ? p : NULL;
}

char *
parlor_protocol_wrap (const char *type,
                      const char *payload)
{
  g_return_val_if_fail (type != NULL, NULL);
  g_return_val_if_fail (payload != NULL, NULL);

  return g_strconcat (type, " ", payload, NULL);
}
