/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-cli"

#include "config.h"

#include <glib-unix.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli-commands.h"
#include "parlor-client.h"
#include "parlor-games.h"
#include "parlor-protocol.h"
#include "parlor-secret.h"
#include "parlor-server.h"

#define BOT_RETRIES 3

static gboolean
parse_options (GOptionEntry  *entries,
               const char    *summary,
               int           *argc,
               char        ***argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;

  g_option_context_set_summary (context, summary);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      fprintf (stderr, "parlor-cli %s: %s\n", (*argv)[0], error->message);
      return FALSE;
    }
  if (*argc > 1)
    {
      fprintf (stderr, "parlor-cli %s: unexpected argument “%s”\n", (*argv)[0], (*argv)[1]);
      return FALSE;
    }

  return TRUE;
}

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

/* ---- serve -------------------------------------------------------------- */

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
  int strength = -1;
  GOptionEntry entries[] = {
    { "game", 0, 0, G_OPTION_ARG_STRING, &game, "Game of the tables players open", "ID" },
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

  if (!parse_options (entries, "Run a headless LAN table server until SIGTERM or SIGINT.",
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
      strength < -1 || strength > PARLOR_STRENGTH_MAX)
    {
      fprintf (stderr, "parlor-cli serve: bad --port, --time-limit, --claim-limit, --strength or --ai-delay\n");
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

/* ---- a computer player at the other end of a connection ----------------- */

typedef struct _Bot Bot;
typedef void (*BotDone) (Bot *bot, gpointer data);

struct _Bot
{
  ParlorClient         *client;
  const ParlorGameInfo *info;
  char                 *level;
  guint64               seed;
  guint                 delay;
  guint                 delay_id;
  gboolean              queued;      /* in ready_bots */
  gboolean              thought;     /* the think time is over */
  gboolean              acting;
  guint                 refusals;
  guint                 errors;
  gboolean              done;
  gboolean              failed;
  char                 *result;
  BotDone               on_done;
  BotDone               on_action;
  BotDone               on_heard;
  gpointer              data;
  guint                 index;
};

static void bot_act (Bot *bot);

/* The bot may now move, on the view it has. */
static void
bot_think_done (Bot *bot)
{
  bot->acting = FALSE;
  bot->thought = TRUE;
  bot_act (bot);
}

/* Bots without a think time move once the lines read in this main-loop turn
 * are handled, so each acts on the latest view it has: one idle for all of
 * them (a thousand idles would each be walked on every turn). It runs at the
 * sockets' priority: waiting until no socket has anything to read would
 * hold every move back while others' moves keep arriving, and the moves
 * would then leave in large bursts. */
static GQueue ready_bots = G_QUEUE_INIT;
static guint ready_id;

/* Called once bots have made their moves, which are then queued on their
 * connections and leave as this main-loop turn ends. */
static void   (*bots_moved) (gpointer data);
static gpointer bots_moved_data;

static gboolean
run_ready_bots (gpointer data)
{
  GQueue ready = ready_bots;

  ready_id = 0;
  g_queue_init (&ready_bots);
  for (Bot *bot; (bot = g_queue_pop_head (&ready)) != NULL;)
    {
      bot->queued = FALSE;
      bot_think_done (bot);
    }
  if (bots_moved != NULL)
    bots_moved (bots_moved_data);

  return G_SOURCE_REMOVE;
}

static void
bot_queue (Bot *bot)
{
  bot->queued = TRUE;
  g_queue_push_tail (&ready_bots, bot);
  if (ready_id == 0)
    ready_id = g_idle_add_full (G_PRIORITY_DEFAULT, run_ready_bots, NULL, NULL);
}

static void
bot_unqueue (Bot *bot)
{
  if (!bot->queued)
    return;
  bot->queued = FALSE;
  g_queue_remove (&ready_bots, bot);
}

static void
bot_submit (Bot        *bot,
            const char *action)
{
  if (bot->on_action != NULL)
    bot->on_action (bot, bot->data);
  parlor_client_submit (bot->client, action);
}

static gboolean
bot_delay_done (gpointer data)
{
  Bot *bot = data;

  bot->delay_id = 0;
  bot_think_done (bot);
  if (bots_moved != NULL)
    bots_moved (bots_moved_data);
  return G_SOURCE_REMOVE;
}

static void
bot_act (Bot *bot)
{
  const char *view = parlor_client_get_view (bot->client);
  int seat = parlor_client_get_seat (bot->client);
  g_autofree char *action = NULL;
  g_autoptr(GError) error = NULL;

  if (bot->acting || bot->done || bot->info == NULL || view == NULL || seat < 0 || bot->refusals >= BOT_RETRIES ||
      parlor_client_get_state (bot->client) != PARLOR_CLIENT_PLAYING ||
      (parlor_client_get_waiting (bot->client) & (1u << seat)) == 0)
    return;

  if (!bot->thought)
    {
      /* Think on the view as it is once the think time is over; without
       * one, once this turn's lines are handled. */
      bot->acting = TRUE;
      if (bot->delay > 0)
        {
          /* Players do not move in step: from half to one and a half times it. */
          guint ms = bot->delay / 2 + g_random_int_range (0, bot->delay + 1);

          bot->delay_id = g_timeout_add (ms, bot_delay_done, bot);
        }
      else
        bot_queue (bot);
      return;
    }

  bot->thought = FALSE;
  action = bot->info->ai_choose (bot->level, view, bot->seed++, NULL, &error);
  if (action == NULL)
    {
      g_debug ("no move: %s", error != NULL ? error->message : "?");
      return;
    }
  bot->acting = TRUE;
  bot_submit (bot, action);
}

static void
bot_finish (Bot *bot)
{
  if (bot->done)
    return;
  bot->done = TRUE;
  g_clear_handle_id (&bot->delay_id, g_source_remove);
  bot_unqueue (bot);
  if (bot->on_done != NULL)
    bot->on_done (bot, bot->data);
}

static void
on_bot_turn (ParlorClient *client,
             guint         waiting,
             guint         ms,
             Bot          *bot)
{
  bot->refusals = 0;
  if (bot->on_heard != NULL)
    bot->on_heard (bot, bot->data);
  if (bot->delay_id == 0 && !bot->queued)
    bot_act (bot);
}

static void
on_bot_event (ParlorClient *client,
              const char   *line,
              Bot          *bot)
{
  if (bot->on_heard != NULL)
    bot->on_heard (bot, bot->data);
}

static void
on_bot_ack (ParlorClient *client,
            Bot          *bot)
{
  bot->acting = FALSE;
  bot_act (bot);
}

static void
on_bot_rejected (ParlorClient *client,
                 const GError *error,
                 Bot          *bot)
{
  bot->errors++;
  g_debug ("%s: %s", parlor_client_get_name (client), error->message);
  if (parlor_client_get_state (client) != PARLOR_CLIENT_PLAYING)
    {
      /* A join or create refused: nothing more to do. */
      bot->failed = TRUE;
      fprintf (stderr, "%s: %s\n", parlor_client_get_name (client), error->message);
      bot_finish (bot);
      return;
    }
  bot->acting = FALSE;
  bot->refusals++;
  bot_act (bot);
}

static void
on_bot_failed (ParlorClient *client,
               const GError *error,
               Bot          *bot)
{
  bot->failed = TRUE;
  fprintf (stderr, "%s: %s\n", parlor_client_get_name (client), error->message);
  bot_finish (bot);
}

static void
on_bot_over (ParlorClient *client,
             const char   *result,
             Bot          *bot)
{
  g_free (bot->result);
  bot->result = g_strdup (result);
  bot_finish (bot);
}

static Bot *
bot_new (const char *name,
         const char *level,
         guint64     seed)
{
  Bot *bot = g_new0 (Bot, 1);

  bot->client = parlor_client_new (name);
  bot->level = g_strdup (level);
  bot->seed = seed;
  g_signal_connect (bot->client, "turn", G_CALLBACK (on_bot_turn), bot);
  g_signal_connect (bot->client, "event", G_CALLBACK (on_bot_event), bot);
  g_signal_connect (bot->client, "ack", G_CALLBACK (on_bot_ack), bot);
  g_signal_connect (bot->client, "rejected", G_CALLBACK (on_bot_rejected), bot);
  g_signal_connect (bot->client, "failed", G_CALLBACK (on_bot_failed), bot);
  g_signal_connect (bot->client, "game-over", G_CALLBACK (on_bot_over), bot);

  return bot;
}

static void
bot_free (Bot *bot)
{
  g_clear_handle_id (&bot->delay_id, g_source_remove);
  bot_unqueue (bot);
  g_signal_handlers_disconnect_by_data (bot->client, bot);
  parlor_client_disconnect (bot->client);
  g_object_unref (bot->client);
  g_free (bot->level);
  g_free (bot->result);
  g_free (bot);
}

/* The game is known once the host told us which table we are at. */
static gboolean
bot_take_game (Bot *bot)
{
  const char *id = parlor_client_get_game_id (bot->client);

  bot->info = id != NULL ? parlor_games_lookup (id) : NULL;
  if (bot->info == NULL)
    {
      fprintf (stderr, "%s: this program cannot play “%s”\n",
               parlor_client_get_name (bot->client), id != NULL ? id : "?");
      bot->failed = TRUE;
      bot_finish (bot);
      return FALSE;
    }
  if (bot->level == NULL || bot->info->ai_levels == NULL ||
      !g_strv_contains (bot->info->ai_levels, bot->level))
    {
      g_free (bot->level);
      bot->level = g_strdup (bot->info->ai_levels != NULL ? bot->info->ai_levels[0] : "");
    }

  return TRUE;
}

/* ---- bot ---------------------------------------------------------------- */

typedef struct
{
  GMainLoop *loop;
  char      *table;
  gboolean   create;
  char      *game;
  int        start_when;   /* players seated before the owner starts; 0 never */
  gboolean   start_sent;
} BotRun;

/* An owner bot with --start-when N starts once N players sit at its
 * table; computer players take the free seats. */
static void
on_bot_players (ParlorClient *client,
                Bot          *bot)
{
  BotRun *run = bot->data;
  const char * const *players = parlor_client_get_players (client);

  if (run->start_when <= 0 || run->start_sent || !parlor_client_is_owner (client) ||
      parlor_client_get_state (client) != PARLOR_CLIENT_WAITING || players == NULL)
    return;
  if (g_strv_length ((char **) players) >= (guint) run->start_when)
    {
      run->start_sent = TRUE;
      parlor_client_start (client);
    }
}

static void
on_bot_run_done (Bot      *bot,
                 gpointer  data)
{
  BotRun *run = data;

  g_main_loop_quit (run->loop);
}

static void
on_bot_started (ParlorClient *client,
                Bot          *bot)
{
  if (!bot_take_game (bot))
    return;
  printf ("started table=%s seat=%d token=%s\n", parlor_client_get_table_id (client),
          parlor_client_get_seat (client), parlor_client_get_token (client));
  fflush (stdout);
}

static void
on_bot_log (ParlorClient *client,
            const char   *message,
            Bot          *bot)
{
  g_debug ("%s: %s", parlor_client_get_name (client), message);
}

static void
bot_connected (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  Bot *bot = user_data;
  BotRun *run = bot->data;
  g_autoptr(GError) error = NULL;

  if (!parlor_client_connect_finish (PARLOR_CLIENT (object), result, &error))
    {
      fprintf (stderr, "%s: %s\n", parlor_client_get_name (bot->client), error->message);
      bot->failed = TRUE;
      bot_finish (bot);
      return;
    }
  if (parlor_client_get_state (bot->client) == PARLOR_CLIENT_PLAYING)
    {
      /* Back in our seat with a token. */
      bot_act (bot);
      return;
    }
  if (run->create)
    parlor_client_create (bot->client, run->game, NULL);
  else
    parlor_client_join (bot->client, run->table);
}

int
parlor_cli_bot (int    argc,
                char **argv)
{
  g_autofree char *address = NULL;
  g_autofree char *name = NULL;
  g_autofree char *level = NULL;
  g_autofree char *table = NULL;
  g_autofree char *token = NULL;
  g_autofree char *game = NULL;
  gboolean create = FALSE;
  int delay = 0;
  int timeout = 10;
  gint64 seed = 0;
  int start_when = 0;
  GOptionEntry entries[] = {
    { "connect", 0, 0, G_OPTION_ARG_STRING, &address, "Host to play at", "HOST:PORT" },
    { "name", 0, 0, G_OPTION_ARG_STRING, &name, "Player name", "NAME" },
    { "level", 0, 0, G_OPTION_ARG_STRING, &level, "Computer player level", "LEVEL" },
    { "table", 0, 0, G_OPTION_ARG_STRING, &table, "Table to join (default: the only open one)", "ID" },
    { "create", 0, 0, G_OPTION_ARG_NONE, &create, "Open a new table instead of joining", NULL },
    { "game", 0, 0, G_OPTION_ARG_STRING, &game, "Game of the table to open", "ID" },
    { "token", 0, 0, G_OPTION_ARG_STRING, &token, "Take back a seat with its token", "TOKEN" },
    { "delay", 0, 0, G_OPTION_ARG_INT, &delay, "Think time before each move", "MS" },
    { "timeout", 0, 0, G_OPTION_ARG_INT, &timeout, "Seconds to wait for the host", "S" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of the computer player", "N" },
    { "start-when", 0, 0, G_OPTION_ARG_INT, &start_when, "Owning the table, start it once N players sit at it (computer players take the free seats)", "N" },
    { NULL }
  };
  g_autoptr(GMainLoop) loop = NULL;
  BotRun run = { 0 };
  Bot *bot;
  int status;

  if (!parse_options (entries, "Play one game at a LAN host as a computer player.", &argc, &argv))
    return 2;
  if (address == NULL || delay < 0 || timeout < 0 || start_when < 0)
    {
      fprintf (stderr, "parlor-cli bot: --connect HOST:PORT is needed\n");
      return 2;
    }

  loop = g_main_loop_new (NULL, FALSE);
  run.loop = loop;
  run.table = table;
  run.create = create;
  run.game = game;
  run.start_when = start_when;

  bot = bot_new (name != NULL ? name : "Bot", level,
                 seed != 0 ? (guint64) seed : parlor_secret_seed ());
  bot->delay = delay;
  bot->on_done = on_bot_run_done;
  bot->data = &run;
  g_signal_connect (bot->client, "started", G_CALLBACK (on_bot_started), bot);
  g_signal_connect (bot->client, "log", G_CALLBACK (on_bot_log), bot);
  g_signal_connect (bot->client, "players-changed", G_CALLBACK (on_bot_players), bot);
  parlor_client_set_token (bot->client, token);
  parlor_client_connect_async (bot->client, address, timeout, NULL, bot_connected, bot);

  g_main_loop_run (loop);

  if (bot->result != NULL)
    {
      printf ("%s\n", bot->result);
      fflush (stdout);
    }
  status = bot->result != NULL && !bot->failed ? 0 : 1;
  bot_free (bot);

  return status;
}

/* ---- loadtest ----------------------------------------------------------- */

#define LOAD_SEATS 4

typedef struct _Load Load;

typedef struct
{
  Load     *load;
  Bot      *bots[LOAD_SEATS];
  guint     n_done;
  /* One action → every bot hears of it: the latency sample in flight, from
   * when the action leaves (-1 until then). */
  gint64    sent_at;
  guint     heard;        /* bit per bot */
  gboolean  open;         /* bots[0] opened the table */
  guint     joining;      /* bit per bot asked to join */
} LoadTable;

struct _Load
{
  GMainLoop *loop;
  char      *address;
  char      *level;
  guint      timeout;
  LoadTable *tables;
  guint      n_tables;
  guint      finished;
  guint      completed;
  guint      errors;
  GArray    *samples;     /* double, ms */
  GPtrArray *leaving;     /* LoadTable* whose action leaves this turn */
  GQueue     to_connect;  /* Bot* */
  guint      connecting;
};

static void
on_load_action (Bot      *bot,
                gpointer  data)
{
  LoadTable *lt = data;

  if (lt->sent_at != 0)
    return;
  lt->sent_at = -1;
  lt->heard = 0;
  g_ptr_array_add (lt->load->leaving, lt);
}

/* The bots of a turn choose one after another; their moves leave together. */
static void
on_load_moved (gpointer data)
{
  Load *load = data;
  gint64 now = g_get_monotonic_time ();

  for (guint i = 0; i < load->leaving->len; i++)
    ((LoadTable *) g_ptr_array_index (load->leaving, i))->sent_at = now;
  g_ptr_array_set_size (load->leaving, 0);
}

static void
on_load_heard (Bot      *bot,
               gpointer  data)
{
  LoadTable *lt = data;

  if (lt->sent_at <= 0)
    return;
  lt->heard |= 1u << bot->index;
  if (lt->heard == (1u << LOAD_SEATS) - 1)
    {
      double ms = (g_get_monotonic_time () - lt->sent_at) / 1000.0;

      g_array_append_val (lt->load->samples, ms);
      lt->sent_at = 0;
    }
}

static void
on_load_done (Bot      *bot,
              gpointer  data)
{
  LoadTable *lt = data;
  Load *load = lt->load;

  load->errors += bot->errors + (bot->failed ? 1 : 0);
  if (++lt->n_done < LOAD_SEATS)
    return;

  {
    gboolean ok = TRUE;

    for (guint i = 0; i < LOAD_SEATS; i++)
      ok &= lt->bots[i]->result != NULL && !lt->bots[i]->failed;
    load->completed += ok;
  }
  if (++load->finished == load->n_tables)
    g_main_loop_quit (load->loop);
}

static void load_connected (GObject      *object,
                            GAsyncResult *result,
                            gpointer      user_data);

/* Connections are opened a window at a time: a thousand connects at once
 * would each watch a socket in the main loop until it is welcomed, making
 * every turn walk a thousand sources while the first games are played. */
#define LOAD_CONNECT_WINDOW 32

static void
load_connect_next (Load *load)
{
  while (load->connecting < LOAD_CONNECT_WINDOW && !g_queue_is_empty (&load->to_connect))
    {
      Bot *bot = g_queue_pop_head (&load->to_connect);

      if (bot->done)
        continue;
      load->connecting++;
      parlor_client_connect_async (bot->client, load->address, 30, NULL, load_connected, bot);
    }
}

/* Once the table is open, the others join it by its id as they come. */
static void
load_join (LoadTable *lt)
{
  const char *id = parlor_client_get_table_id (lt->bots[0]->client);

  if (!lt->open)
    return;
  for (guint i = 1; i < LOAD_SEATS; i++)
    if ((lt->joining & (1u << i)) == 0 &&
        parlor_client_get_state (lt->bots[i]->client) == PARLOR_CLIENT_LOBBY)
      {
        lt->joining |= 1u << i;
        parlor_client_join (lt->bots[i]->client, id);
      }
}

static void
load_connected (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  Bot *bot = user_data;
  LoadTable *lt = bot->data;
  g_autoptr(GError) error = NULL;

  lt->load->connecting--;
  load_connect_next (lt->load);

  if (!parlor_client_connect_finish (PARLOR_CLIENT (object), result, &error))
    {
      fprintf (stderr, "%s: %s\n", parlor_client_get_name (bot->client), error->message);
      bot->failed = TRUE;
      bot_finish (bot);
      /* The others of this table would wait for ever. */
      for (guint i = 0; i < LOAD_SEATS; i++)
        if (lt->bots[i] != bot && !lt->bots[i]->done)
          {
            lt->bots[i]->failed = TRUE;
            bot_finish (lt->bots[i]);
          }
      return;
    }

  if (bot->index == 0)
    parlor_client_create (bot->client, NULL, NULL);
  else
    load_join (lt);
}

static void
load_joined (ParlorClient *client,
             GParamSpec   *pspec,
             Bot          *bot)
{
  LoadTable *lt = bot->data;

  if (bot->index != 0 || lt->open || parlor_client_get_state (client) != PARLOR_CLIENT_WAITING)
    return;

  lt->open = TRUE;
  load_join (lt);
}

static void
load_started (ParlorClient *client,
              Bot          *bot)
{
  bot_take_game (bot);
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
percentile (GArray *sorted,
            double  p)
{
  guint index;

  if (sorted->len == 0)
    return 0;
  index = (guint) (p * (sorted->len - 1) + 0.5);
  return g_array_index (sorted, double, MIN (index, sorted->len - 1));
}

/* Figures to the hundredth: JSON numbers, whatever the locale. */
static double
round2 (double value)
{
  return floor (value * 100.0 + 0.5) / 100.0;
}

static gboolean
load_timed_out (gpointer data)
{
  Load *load = data;

  fprintf (stderr, "parlor-cli loadtest: gave up after %u s\n", load->timeout);
  g_main_loop_quit (load->loop);
  return G_SOURCE_REMOVE;
}

int
parlor_cli_loadtest (int    argc,
                     char **argv)
{
  g_autofree char *address = NULL;
  g_autofree char *level = NULL;
  int n_tables = 1;
  int think = 0;
  int timeout = 600;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "connect", 0, 0, G_OPTION_ARG_STRING, &address, "Host to load", "HOST:PORT" },
    { "tables", 0, 0, G_OPTION_ARG_INT, &n_tables, "Tables of four bot connections", "T" },
    { "level", 0, 0, G_OPTION_ARG_STRING, &level, "Computer player level", "LEVEL" },
    { "think", 0, 0, G_OPTION_ARG_INT, &think, "Think time of each bot before each move", "MS" },
    { "timeout", 0, 0, G_OPTION_ARG_INT, &timeout, "Give up after this many seconds", "S" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print the figures as JSON", NULL },
    { NULL }
  };
  g_autoptr(GMainLoop) loop = NULL;
  Load load = { 0 };
  gint64 started;
  double seconds, p50, p99, max;
  guint timeout_id;

  if (!parse_options (entries, "Play many games at once at a LAN host and measure it.",
                      &argc, &argv))
    return 2;
  if (address == NULL || n_tables < 1 || n_tables > 10000 || timeout < 1 || think < 0)
    {
      fprintf (stderr, "parlor-cli loadtest: --connect HOST:PORT and --tables 1…10000 are needed\n");
      return 2;
    }

  loop = g_main_loop_new (NULL, FALSE);
  load.loop = loop;
  load.address = address;
  load.level = level != NULL ? level : (char *) "random";
  load.timeout = timeout;
  load.n_tables = n_tables;
  load.tables = g_new0 (LoadTable, n_tables);
  load.samples = g_array_new (FALSE, FALSE, sizeof (double));
  load.leaving = g_ptr_array_new ();
  bots_moved = on_load_moved;
  bots_moved_data = &load;

  started = g_get_monotonic_time ();
  for (int t = 0; t < n_tables; t++)
    {
      LoadTable *lt = &load.tables[t];

      lt->load = &load;
      for (guint i = 0; i < LOAD_SEATS; i++)
        {
          g_autofree char *name = g_strdup_printf ("load-%d-%u", t, i);
          Bot *bot = bot_new (name, load.level, (guint64) t * LOAD_SEATS + i + 1);

          bot->index = i;
          bot->delay = think;
          bot->data = lt;
          bot->on_done = on_load_done;
          bot->on_action = on_load_action;
          bot->on_heard = on_load_heard;
          lt->bots[i] = bot;
          g_signal_connect (bot->client, "notify::state", G_CALLBACK (load_joined), bot);
          g_signal_connect (bot->client, "started", G_CALLBACK (load_started), bot);
        }
      for (guint i = 0; i < LOAD_SEATS; i++)
        g_queue_push_tail (&load.to_connect, lt->bots[i]);
    }
  load_connect_next (&load);

  timeout_id = g_timeout_add_seconds (timeout, load_timed_out, &load);
  g_main_loop_run (loop);
  if (load.finished == load.n_tables)
    g_source_remove (timeout_id);
  seconds = (g_get_monotonic_time () - started) / 1e6;

  g_array_sort (load.samples, compare_double);
  p50 = percentile (load.samples, 0.50);
  p99 = percentile (load.samples, 0.99);
  max = load.samples->len > 0 ? g_array_index (load.samples, double, load.samples->len - 1) : 0;
  if (load.finished < load.n_tables)
    load.errors += (load.n_tables - load.finished) * LOAD_SEATS;

  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonGenerator) generator = json_generator_new ();
      g_autoptr(JsonNode) root = NULL;
      g_autofree char *text = NULL;

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "tables");
      json_builder_add_int_value (builder, n_tables);
      json_builder_set_member_name (builder, "completed");
      json_builder_add_int_value (builder, load.completed);
      json_builder_set_member_name (builder, "errors");
      json_builder_add_int_value (builder, load.errors);
      json_builder_set_member_name (builder, "seconds");
      json_builder_add_double_value (builder, round2 (seconds));
      json_builder_set_member_name (builder, "samples");
      json_builder_add_int_value (builder, load.samples->len);
      json_builder_set_member_name (builder, "latency_ms");
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "p50");
      json_builder_add_double_value (builder, round2 (p50));
      json_builder_set_member_name (builder, "p99");
      json_builder_add_double_value (builder, round2 (p99));
      json_builder_set_member_name (builder, "max");
      json_builder_add_double_value (builder, round2 (max));
      json_builder_end_object (builder);
      json_builder_end_object (builder);
      root = json_builder_get_root (builder);
      json_generator_set_root (generator, root);
      text = json_generator_to_data (generator, NULL);
      printf ("%s\n", text);
    }
  else
    printf ("tables %d, completed %u, errors %u, %.1f s; action→event latency "
            "p50 %.2f ms, p99 %.2f ms, max %.2f ms (%u samples)\n",
            n_tables, load.completed, load.errors, seconds, p50, p99, max, load.samples->len);
  fflush (stdout);

  for (int t = 0; t < n_tables; t++)
    for (guint i = 0; i < LOAD_SEATS; i++)
      bot_free (load.tables[t].bots[i]);
  g_free (load.tables);
  g_array_unref (load.samples);
  g_ptr_array_unref (load.leaving);
  g_queue_clear (&load.to_connect);
  bots_moved = NULL;
  bots_moved_data = NULL;

  return load.completed == (guint) n_tables && load.errors == 0 ? 0 : 1;
}
