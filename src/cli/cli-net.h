/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "parlor-client.h"
#include "parlor-game.h"

G_BEGIN_DECLS

/* What the network commands (serve, bot, loadtest) share. */

/* Parses the options of a command that takes no arguments; FALSE (with the
 * reason on standard error) if they are wrong. */
gboolean parlor_cli_net_parse_options (GOptionEntry  *entries,
                                       const char    *summary,
                                       int           *argc,
                                       char        ***argv);

/* A computer player at the other end of a connection. */
typedef struct _ParlorCliBot ParlorCliBot;
typedef void (*ParlorCliBotFunc) (ParlorCliBot *bot,
                                  gpointer      data);

struct _ParlorCliBot
{
  ParlorClient         *client;
  const ParlorGameInfo *info;
  char                 *level;
  guint64               seed;
  guint                 delay;
  guint                 delay_id;
  gboolean              queued;      /* in the bots ready to move */
  gboolean              thought;     /* the think time is over */
  gboolean              acting;
  guint                 refusals;
  guint                 errors;
  gboolean              done;
  gboolean              failed;
  char                 *result;
  ParlorCliBotFunc      on_done;
  ParlorCliBotFunc      on_action;
  ParlorCliBotFunc      on_heard;
  gpointer              data;
  guint                 index;
};

ParlorCliBot *parlor_cli_bot_new            (const char   *name,
                                             const char   *level,
                                             guint64       seed);
void          parlor_cli_bot_free           (ParlorCliBot *bot);
/* Moves if the bot is waited for (after its think time). */
void          parlor_cli_bot_act            (ParlorCliBot *bot);
/* Ends the bot's game: on_done is called once. */
void          parlor_cli_bot_finish         (ParlorCliBot *bot);
/* Takes the game of the table the host seated the bot at; FALSE (and the
 * bot finished, failed) if this program cannot play it. */
gboolean      parlor_cli_bot_take_game      (ParlorCliBot *bot);
/* @func is called once bots have made their moves, which are then queued
 * on their connections and leave as this main-loop turn ends. */
void          parlor_cli_bot_set_moved_func (void        (*func) (gpointer data),
                                             gpointer      data);

G_END_DECLS
