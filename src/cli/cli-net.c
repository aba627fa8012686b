/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-cli"

#include "config.h"

#include <stdio.h>

#include "cli-net.h"
#include "parlor-games.h"

#define BOT_RETRIES 3

gboolean
parlor_cli_net_parse_options (GOptionEntry  *entries,
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


/* ---- a computer player at the other end of a connection ----------------- */

/* The bot may now move, on the view it has. */
static void
bot_think_done (ParlorCliBot *bot)
{
  bot->acting = FALSE;
  bot->thought = TRUE;
  parlor_cli_bot_act (bot);
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
  for (ParlorCliBot *bot; (bot = g_queue_pop_head (&ready)) != NULL;)
    {
      bot->queued = FALSE;
      bot_think_done (bot);
    }
  if (bots_moved != NULL)
    bots_moved (bots_moved_data);

  return G_SOURCE_REMOVE;
}

static void
bot_queue (ParlorCliBot *bot)
{
  bot->queued = TRUE;
  g_queue_push_tail (&ready_bots, bot);
  if (ready_id == 0)
    ready_id = g_idle_add_full (G_PRIORITY_DEFAULT, run_ready_bots, NULL, NULL);
}

static void
bot_unqueue (ParlorCliBot *bot)
{
  if (!bot->queued)
    return;
  bot->queued = FALSE;
  g_queue_remove (&ready_bots, bot);
}

static void
bot_submit (ParlorCliBot *bot,
            const char   *action)
{
  if (bot->on_action != NULL)
    bot->on_action (bot, bot->data);
  parlor_client_submit (bot->client, action);
}

static gboolean
bot_delay_done (gpointer data)
{
  ParlorCliBot *bot = data;

  bot->delay_id = 0;
  bot_think_done (bot);
  if (bots_moved != NULL)
    bots_moved (bots_moved_data);
  return G_SOURCE_REMOVE;
}

void
parlor_cli_bot_act (ParlorCliBot *bot)
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

void
parlor_cli_bot_finish (ParlorCliBot *bot)
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
             ParlorCliBot *bot)
{
  bot->refusals = 0;
  if (bot->on_heard != NULL)
    bot->on_heard (bot, bot->data);
  if (bot->delay_id == 0 && !bot->queued)
    parlor_cli_bot_act (bot);
}

static void
on_bot_event (ParlorClient *client,
              const char   *line,
              ParlorCliBot *bot)
{
  if (bot->on_heard != NULL)
    bot->on_heard (bot, bot->data);
}

static void
on_bot_ack (ParlorClient *client,
            ParlorCliBot *bot)
{
  bot->acting = FALSE;
  parlor_cli_bot_act (bot);
}

static void
on_bot_rejected (ParlorClient *client,
                 const GError *error,
                 ParlorCliBot *bot)
{
  bot->errors++;
  g_debug ("%s: %s", parlor_client_get_name (client), error->message);
  if (parlor_client_get_state (client) != PARLOR_CLIENT_PLAYING)
    {
      /* A join or create refused: nothing more to do. */
      bot->failed = TRUE;
      fprintf (stderr, "%s: %s\n", parlor_client_get_name (client), error->message);
      parlor_cli_bot_finish (bot);
      return;
    }
  bot->acting = FALSE;
  bot->refusals++;
  parlor_cli_bot_act (bot);
}

static void
on_bot_failed (ParlorClient *client,
               const GError *error,
               ParlorCliBot *bot)
{
  bot->failed = TRUE;
  fprintf (stderr, "%s: %s\n", parlor_client_get_name (client), error->message);
  parlor_cli_bot_finish (bot);
}

static void
on_bot_over (ParlorClient *client,
             const char   *result,
             ParlorCliBot *bot)
{
  g_free (bot->result);
  bot->result = g_strdup (result);
  parlor_cli_bot_finish (bot);
}

ParlorCliBot *
parlor_cli_bot_new (const char *name,
                    const char *level,
                    guint64     seed)
{
  ParlorCliBot *bot = g_new0 (ParlorCliBot, 1);

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

void
parlor_cli_bot_free (ParlorCliBot *bot)
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
gboolean
parlor_cli_bot_take_game (ParlorCliBot *bot)
{
  const char *id = parlor_client_get_game_id (bot->client);

  bot->info = id != NULL ? parlor_games_lookup (id) : NULL;
  if (bot->info == NULL)
    {
      fprintf (stderr, "%s: this program cannot play “%s”\n",
               parlor_client_get_name (bot->client), id != NULL ? id : "?");
      bot->failed = TRUE;
      parlor_cli_bot_finish (bot);
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

void
parlor_cli_bot_set_moved_func (void   (*func) (gpointer data),
                               gpointer data)
{
  bots_moved = func;
  bots_moved_data = data;
}
