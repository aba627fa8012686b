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
parlor_cli_play_all (GPtrArray *runs,
                     GFunc      play,
                     gpointer   setup,
                     int        threads)
{
  GThreadPool *pool;

  if (threads <= 1)
    {
      for (guint g = 0; g < runs->len; g++)
        play (g_ptr_array_index (runs, g), setup);
      return;
    }
  pool = g_thread_pool_new (play, setup, threads, TRUE, NULL);
  for (guint g = 0; g < runs->len; g++)
    g_thread_pool_push (pool, g_ptr_array_index (runs, g), NULL);
  g_thread_pool_free (pool, FALSE, TRUE);
}

gboolean
parlor_cli_write_replays (const char  *path,
                          GPtrArray   *runs,
                          gsize        log_offset,
                          GError     **error)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *header = parlor_replay_format_header ();

  g_string_append_printf (text, "%s\n", header);
  for (guint g = 0; g < runs->len; g++)
    {
      GPtrArray *log = G_STRUCT_MEMBER (GPtrArray *, g_ptr_array_index (runs, g), log_offset);

      for (guint i = 0; log != NULL && i < log->len; i++)
        g_string_append_printf (text, "%s\n", (const char *) g_ptr_array_index (log, i));
    }
  return g_file_set_contents (path, text->str, text->len, error);
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
