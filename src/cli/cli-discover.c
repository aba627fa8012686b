/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-cli"

#include "config.h"

#include <json-glib/json-glib.h>
#include <stdio.h>

#include "cli-commands.h"
#include "cli-json.h"
#include "parlor-discovery.h"

/*
 * parlor-cli discover: lists the LAN tables found within a few seconds, as
 * the Join window does (docs/protocol.md, "Finding tables").
 */

typedef struct
{
  GMainLoop  *loop;
  gint64      begin;
  GHashTable *found_at;   /* ParlorFoundTable* → when first seen (ms since begin) */
} Discover;

static void
on_items_changed (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  Discover   *discover)
{
  gint64 ms = (g_get_monotonic_time () - discover->begin) / 1000;

  for (guint i = position; i < position + added; i++)
    {
      g_autoptr(ParlorFoundTable) item = g_list_model_get_item (model, i);

      if (!g_hash_table_contains (discover->found_at, item))
        g_hash_table_insert (discover->found_at, g_object_ref (item), GINT_TO_POINTER ((int) ms));
    }
}

static gboolean
on_timeout (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

static void
print_json (GListModel *model,
            Discover   *discover)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "tables");
  json_builder_begin_array (builder);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(ParlorFoundTable) item = g_list_model_get_item (model, i);
      const ParlorTableRecord *record = parlor_found_table_get_record (item);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "game");
      json_builder_add_string_value (builder, record->game);
      json_builder_set_member_name (builder, "table");
      json_builder_add_string_value (builder, record->table);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, record->name);
      json_builder_set_member_name (builder, "host");
      json_builder_add_string_value (builder, record->host);
      json_builder_set_member_name (builder, "address");
      json_builder_add_string_value (builder, parlor_found_table_get_address (item));
      json_builder_set_member_name (builder, "port");
      json_builder_add_int_value (builder, record->port);
      json_builder_set_member_name (builder, "taken");
      json_builder_add_int_value (builder, record->taken);
      json_builder_set_member_name (builder, "seats");
      json_builder_add_int_value (builder, record->seats);
      json_builder_set_member_name (builder, "free");
      json_builder_add_int_value (builder, parlor_found_table_get_free_seats (item));
      json_builder_set_member_name (builder, "started");
      json_builder_add_boolean_value (builder, record->started);
      json_builder_set_member_name (builder, "protocol");
      json_builder_add_int_value (builder, record->protocol);
      json_builder_set_member_name (builder, "found_ms");
      json_builder_add_int_value (builder, GPOINTER_TO_INT (g_hash_table_lookup (discover->found_at, item)));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  parlor_cli_print_json (builder);
}

static void
print_text (GListModel *model)
{
  guint n = g_list_model_get_n_items (model);

  if (n == 0)
    {
      printf ("no tables found\n");
      return;
    }
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(ParlorFoundTable) item = g_list_model_get_item (model, i);
      const ParlorTableRecord *record = parlor_found_table_get_record (item);
      g_autofree char *name = parlor_table_record_dup_visible_name (record);

      printf ("%-22s %-10s table %-4s %-24s %u of %u seats free%s%s%s\n",
              parlor_found_table_get_address (item), record->game, record->table, name,
              record->seats - record->taken, record->seats, record->started ? ", started" : "",
              record->host[0] != '\0' ? ", on " : "", record->host);
    }
}

int
parlor_cli_discover (int    argc,
                     char **argv)
{
  gboolean json = FALSE;
  double timeout = 2.0;
  int port = 0;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON", NULL },
    { "timeout", 0, 0, G_OPTION_ARG_DOUBLE, &timeout, "Seconds to listen (default 2)", "S" },
    { "port", 0, 0, G_OPTION_ARG_INT, &port, "UDP port of discovery (default 7413)", "PORT" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(ParlorBrowser) browser = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  Discover discover = { 0 };

  g_option_context_set_summary (context, "List the LAN tables announced on the local network.");
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "parlor-cli discover: %s\n", error->message);
      return 2;
    }
  if (argc > 1 || timeout <= 0 || timeout > 600 || port < 0 || port > 65535)
    {
      fprintf (stderr, "parlor-cli discover: bad arguments (see --help)\n");
      return 2;
    }

  loop = g_main_loop_new (NULL, FALSE);
  discover.loop = loop;
  discover.found_at = g_hash_table_new_full (NULL, NULL, g_object_unref, NULL);
  browser = parlor_browser_new ();
  g_signal_connect (browser, "items-changed", G_CALLBACK (on_items_changed), &discover);
  discover.begin = g_get_monotonic_time ();
  if (!parlor_browser_start (browser, parlor_discovery_default_scope (),
                             port != 0 ? (guint16) port : parlor_discovery_default_port (), &error))
    {
      fprintf (stderr, "parlor-cli discover: %s\n", error->message);
      g_hash_table_unref (discover.found_at);
      return 1;
    }
  g_timeout_add ((guint) (timeout * 1000), on_timeout, loop);
  g_main_loop_run (loop);
  parlor_browser_stop (browser);

  if (json)
    print_json (G_LIST_MODEL (browser), &discover);
  else
    print_text (G_LIST_MODEL (browser));
  g_hash_table_unref (discover.found_at);

  return 0;
}
