/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-cli"

#include "config.h"

#include <glib-unix.h>
#include <stdio.h>
#include <string.h>

#include "cli-commands.h"
#include "cli-net.h"
#include "parlor-games.h"
#include "parlor-protocol.h"
#include "parlor-server.h"

/* parlor-cli serve: a headless LAN table server. */

static gboolean
quit_loop (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_CONTINUE;
}

/* Peak resident memory of this process in KiB, from /proc (0 if unknown). */
static guint64
peak_rss_kib (void)
{
  g_autofree char *status = NULL;
  const char *hwm;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return 0;
  hwm = strstr (status, "VmHWM:");
  if (hwm == NULL)
    return 0;

  return g_ascii_strtoull (hwm + strlen ("VmHWM:"), NULL, 10);
}

typedef struct
{
  ParlorServer *server;
  char         *record_dir;
} Serve;

static void
on_serve_log (ParlorServer *server,
              const char   *table_id,
              const char   *message,
              Serve        *serve)
{
  if (table_id != NULL)
    fprintf (stderr, "table %s: %s\n", table_id, message);
  else
    fprintf (stderr, "%s\n", message);
}

static void
on_serve_finished (ParlorServer *server,
                   const char   *table_id,
                   const char   *result,
                   Serve        *serve)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  GPtrArray *record;

  if (serve->record_dir == NULL)
    return;

  record = parlor_table_get_record (parlor_server_get_table (server, table_id));
  for (guint i = 0; i < record->len; i++)
    {
      g_string_append (text, g_ptr_array_index (record, i));
      g_string_append_c (text, '\n');
    }
  name = g_strdup_printf ("table-%s.replay", table_id);
  path = g_build_filename (serve->record_dir, name, NULL);
  if (!g_file_set_contents (path, text->str, text->len, &error))
    fprintf (stderr, "parlor-cli serve: %s\n", error->message);
}

int
parlor_cli_serve (int    argc,
                  char **argv)
{
  g_autofree char *game = NULL;
  g_autofree char *address = NULL;
  g_autofree char *level = NULL;
  g_autofree char *record_dir = NULL;
  int port = PARLOR_PROTOCOL_DEFAULT_PORT;
  int time_limit = 0;
  int ai_delay = 0;
  gint64 seed = 0;
  int max_connections = -1;
  int max_per_address = -1;
  int lobby_timeout = -1;
  int claim_limit = 0;
  int claim_minimum = PARLOR_SERVER_DEFAULT_CLAIM_MINIMUM;
  int strength = -1;
  gboolean announce = FALSE;
  GOptionEntry entries[] = {
    { "game", 0, 0, G_OPTION_ARG_STRING, &game, "Game of the tables players open", "ID" },
    { "announce", 0, 0, G_OPTION_ARG_NONE, &announce, "Announce the tables on the local network", NULL },
    { "port", 0, 0, G_OPTION_ARG_INT, &port, "TCP port (0 picks a free one)", "PORT" },
    { "address", 0, 0, G_OPTION_ARG_STRING, &address, "Listen on this address only", "IP" },
    { "time-limit", 0, 0, G_OPTION_ARG_INT, &time_limit, "Seconds per move (0: none)", "S" },
    { "level", 0, 0, G_OPTION_ARG_STRING, &level, "Level of the computer players", "LEVEL" },
    { "ai-delay", 0, 0, G_OPTION_ARG_INT, &ai_delay, "Least time a computer move takes", "MS" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of the first table (0: random)", "N" },
    { "record", 0, 0, G_OPTION_ARG_FILENAME, &record_dir, "Write each finished table's replay here", "DIR" },
    { "max-connections", 0, 0, G_OPTION_ARG_INT, &max_connections, "Connections in all (0: only the descriptor limit; default 1024)", "N" },
    { "max-per-address", 0, 0, G_OPTION_ARG_INT, &max_per_address, "Connections from one address (0: no limit; default 64)", "N" },
    { "claim-limit", 0, 0, G_OPTION_ARG_INT, &claim_limit, "Seconds of a claim window (0: none)", "S" },
    { "claim-minimum", 0, 0, G_OPTION_ARG_INT, &claim_minimum, "Least time of a claim window at a table with a remote player (0: none; default 600)", "MS" },
    { "strength", 0, 0, G_OPTION_ARG_INT, &strength, "Strength 0–3 of the computer players (overrides --level)", "N" },
    { "lobby-timeout", 0, 0, G_OPTION_ARG_INT, &lobby_timeout, "Close connections at no table after this long (0: never; default 120000)", "MS" },
    { NULL }
  };
  g_autoptr(GMainLoop) loop = NULL;
  g_autoptr(GError) error = NULL;
  Serve serve = { 0 };
  const ParlorGameInfo *info;
  guint16 bound = 0;
  guint sigterm, sigint;

  if (!parlor_cli_net_parse_options (entries, "Run a headless LAN table server until SIGTERM or SIGINT.",
                      &argc, &argv))
    return 2;
  if (game == NULL)
    game = g_strdup ("manhattan");
  info = parlor_games_lookup (game);
  if (info == NULL)
    {
      fprintf (stderr, "parlor-cli serve: unknown game “%s”\n", game);
      return 2;
    }
  if (port < 0 || port > 65535 || time_limit < 0 || ai_delay < 0 || claim_limit < 0 ||
      claim_minimum < 0 || claim_minimum > 60000 || strength < -1 || strength > PARLOR_STRENGTH_MAX)
    {
      fprintf (stderr, "parlor-cli serve: bad --port, --time-limit, --claim-limit, --claim-minimum, --strength or --ai-delay\n");
      return 2;
    }
  if (level != NULL && (info->ai_levels == NULL || !g_strv_contains (info->ai_levels, level)))
    {
      fprintf (stderr, "parlor-cli serve: %s has no level “%s”\n", game, level);
      return 2;
    }

  serve.server = parlor_server_new (parlor_games_lookup);
  serve.record_dir = record_dir;
  parlor_server_set_default_game (serve.server, game);
  parlor_server_set_allow_create (serve.server, TRUE);
  parlor_server_set_time_limit (serve.server, time_limit);
  parlor_server_set_claim_time_limit (serve.server, claim_limit);
  parlor_server_set_claim_minimum (serve.server, (guint) claim_minimum);
  parlor_server_set_strength (serve.server, strength);
  parlor_server_set_ai_delay (serve.server, ai_delay);
  parlor_server_set_seed (serve.server, seed);
  if (level != NULL)
    parlor_server_set_ai_level (serve.server, level);
  if (max_connections >= 0 || max_per_address >= 0)
    parlor_server_set_max_connections (serve.server,
                                       max_connections >= 0 ? (guint) max_connections : 1024,
                                       max_per_address >= 0 ? (guint) max_per_address : 64);
  if (lobby_timeout >= 0)
    parlor_server_set_lobby_timeout (serve.server, lobby_timeout);
  g_signal_connect (serve.server, "log", G_CALLBACK (on_serve_log), &serve);
  g_signal_connect (serve.server, "table-finished", G_CALLBACK (on_serve_finished), &serve);

  if (!parlor_server_listen (serve.server, address, port, &bound, &error))
    {
      fprintf (stderr, "parlor-cli serve: %s\n", error->message);
      g_object_unref (serve.server);
      return 1;
    }
  printf ("listening on %u\n", bound);
  /* Found by `parlor-cli discover` and the app's Join window. */
  if (announce)
    {
      if (parlor_server_announce (serve.server, parlor_discovery_default_scope (),
                                  parlor_discovery_default_port (), &error))
        printf ("announcing on udp %u\n", parlor_discovery_default_port ());
      else
        {
          fprintf (stderr, "parlor-cli serve: not announcing the tables: %s\n", error->message);
          g_clear_error (&error);
        }
    }
  fflush (stdout);

  loop = g_main_loop_new (NULL, FALSE);
  sigterm = g_unix_signal_add (SIGTERM, quit_loop, loop);
  sigint = g_unix_signal_add (SIGINT, quit_loop, loop);
  g_main_loop_run (loop);
  g_source_remove (sigterm);
  g_source_remove (sigint);

  parlor_server_stop (serve.server);
  g_object_unref (serve.server);
  fprintf (stderr, "peak memory: %" G_GUINT64_FORMAT " KiB\n", peak_rss_kib ());

  return 0;
}
