/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-cli"

#include "config.h"

#include <math.h>
#include <stdio.h>

#include "cli-json.h"
#include "parlor-replay.h"

void
parlor_cli_print_json (JsonBuilder *builder)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = json_builder_get_root (builder);
  g_autofree char *text = NULL;

  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);
  printf ("%s\n", text);
}

double
parlor_cli_round (double value,
                  int    digits)
{
  double scale = pow (10, digits);

  return round (value * scale) / scale;
}

void
parlor_cli_json_int (JsonBuilder *builder,
                     const char  *name,
                     gint64       value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_int_value (builder, value);
}

void
parlor_cli_json_double (JsonBuilder *builder,
                        const char  *name,
                        double       value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_double_value (builder, value);
}

void
parlor_cli_json_string (JsonBuilder *builder,
                        const char  *name,
                        const char  *value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_string_value (builder, value);
}

static gboolean
log_failed (GError **error,
            char   **failure)
{
  g_free (*failure);
  *failure = g_strdup_printf ("a replay record cannot be written: %s", (*error)->message);
  g_clear_error (error);
  return FALSE;
}

gboolean
parlor_cli_log_add (GPtrArray  *log,
                    char       *record,
                    GError    **error,
                    char      **failure)
{
  g_return_val_if_fail (log != NULL, FALSE);
  g_return_val_if_fail (error != NULL && failure != NULL, FALSE);

  if (record == NULL)
    return log_failed (error, failure);
  g_ptr_array_add (log, record);

  return TRUE;
}

gboolean
parlor_cli_log_events (GPtrArray  *log,
                       GPtrArray  *events,
                       GError    **error,
                       char      **failure)
{
  g_return_val_if_fail (log != NULL && events != NULL, FALSE);
  g_return_val_if_fail (error != NULL && failure != NULL, FALSE);

  if (!parlor_replay_append_events (log, events, error))
    return log_failed (error, failure);

  return TRUE;
}
