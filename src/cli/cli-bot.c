/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-cli"

#include "config.h"

#include <stdio.h>

#include "cli-commands.h"
#include "cli-net.h"
#include "parlor-secret.h"

/* parlor-cli bot: one game at a LAN host as a computer player. */

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
                ParlorCliBot *bot)
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
on_bot_run_done (ParlorCliBot *bot,
                 gpointer      data)
{
  BotRun *run = data;

  g_main_loop_quit (run->loop);
}

static void
on_bot_started (ParlorClient *client,
                ParlorCliBot *bot)
{
  if (!parlor_cli_bot_take_game (bot))
    return;
  printf ("started table=%s seat=%d token=%s\n", parlor_client_get_table_id (client),
          parlor_client_get_seat (client), parlor_client_get_token (client));
  fflush (stdout);
}

static void
on_bot_log (ParlorClient *client,
            const char   *message,
            ParlorCliBot *bot)
{
  g_debug ("%s: %s", parlor_client_get_name (client), message);
}

static void
bot_connected (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  ParlorCliBot *bot = user_data;
  BotRun *run = bot->data;
  g_autoptr(GError) error = NULL;

  if (!parlor_client_connect_finish (PARLOR_CLIENT (object), result, &error))
    {
      fprintf (stderr, "%s: %s\n", parlor_client_get_name (bot->client), error->message);
      bot->failed = TRUE;
      parlor_cli_bot_finish (bot);
      return;
    }
  if (parlor_client_get_state (bot->client) == PARLOR_CLIENT_PLAYING)
    {
      /* Back in our seat with a token. */
      parlor_cli_bot_act (bot);
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
  ParlorCliBot *bot;
  int status;

  if (!parlor_cli_net_parse_options (entries, "Play one game at a LAN host as a computer player.", &argc, &argv))
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

  bot = parlor_cli_bot_new (name != NULL ? name : "Bot", level,
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
  parlor_cli_bot_free (bot);

  return status;
}
