/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "parlor-table.h"
#include "parlor-window.h"

G_BEGIN_DECLS

/* A second window of the app that joined the host's game over loopback. */
typedef struct
{
  ParlorWindow *window;
  GtkWidget    *screen;  /* its game screen, once seated */
  GPtrArray    *lines;   /* every line its client received */
  guint         host_started, guest_started;  /* "Game started" heard */
} LanGuest;

/* Hosts the game on @host's setup page (win.host-lan), joins it from a new
 * window of the app, named "Guest", and starts it with the two of them:
 * computers take the other seats. Returns once the guest has its seat and
 * both screens have told screen readers that the game started. */
LanGuest *lan_test_host_and_join (GtkWidget  *host,
                                  const char *game_id);
int       lan_test_guest_seat    (LanGuest   *guest);
void      lan_test_guest_free    (LanGuest   *guest);
/* Fails the test once @table's record has not grown for two minutes: a
 * loaded machine may be slow, but a game that waits for nobody is stuck. */
typedef struct
{
  guint  len;
  gint64 since;
} LanProgress;

void      lan_test_check_progress (ParlorTable *table,
                                   LanProgress *progress);
/* Asserts that no line the guest received carries an event @table sent
 * only to other seats, nor another seat's view, and that it received every
 * event for its own seat alone; returns how many those were. */
guint     lan_test_check_private (ParlorTable *table,
                                  LanGuest    *guest);

/* A move of the player at @screen if it must act (TRUE), counting wins taken. */
typedef gboolean (*LanTestMove) (GtkWidget *screen,
                                 GRand     *rand,
                                 guint     *wins);
typedef gboolean (*LanTestDone) (GtkWidget *screen);

/* Plays the host's and the guest's moves through their screens until both
 * are @done, taking screenshots NAME-guest-play and NAME-guest-result; fails
 * on a refused move or a game that stops moving. */
void      lan_test_play_to_end    (ParlorTable *table,
                                   GtkWidget   *host,
                                   LanGuest    *guest,
                                   LanTestMove  move,
                                   LanTestDone  done,
                                   GRand       *rand,
                                   const char  *name);
/* The final scores of @table's result, highest first: "40,35,20,5". */
char     *lan_test_ranked_scores  (ParlorTable *table);

G_END_DECLS
