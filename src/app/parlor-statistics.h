/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "parlor-records.h"

G_BEGIN_DECLS

/*
 * The Statistics window: for one game (chosen) and one computer strength
 * (or all), your figures beside the computer players' own, games with
 * help apart, how often each fan/yaku was scored, and Reset (asked first);
 * and the past games, to watch again.
 * Reads the records (parlor-records.h) in the user's data directory.
 */
#define PARLOR_TYPE_STATISTICS (parlor_statistics_get_type ())
G_DECLARE_FINAL_TYPE (ParlorStatistics, parlor_statistics, PARLOR, STATISTICS, AdwWindow)

/* @game_id: the game shown first (NULL: the first). */
ParlorStatistics *parlor_statistics_new      (const char       *game_id);
const char       *parlor_statistics_get_game (ParlorStatistics *self);
void              parlor_statistics_set_game (ParlorStatistics *self,
                                              const char       *game_id);
/* The text shown for figure @key ("played", "won", "best-score", "wins"…)
 * of @who, with or without help; NULL if not shown. For tests. */
const char       *parlor_statistics_get_value (ParlorStatistics *self,
                                               const char       *key,
                                               gboolean          assisted,
                                               ParlorRecordsWho  who);
/* The records are read in a worker thread: TRUE until the last read asked
 * for is shown. For tests. */
gboolean          parlor_statistics_is_loading (ParlorStatistics *self);
/* The words shown about the records (damaged, busy, games waiting), or NULL. */
const char       *parlor_statistics_get_notice (ParlorStatistics *self);
/* Forgets the shown game's records without asking (the dialog's answer). */
void              parlor_statistics_reset    (ParlorStatistics *self);

/* The Past Games page: the last games of every game, newest first, each
 * opening its kept replay in the viewer (a dialog says why one cannot). */
void              parlor_statistics_show_past_games (ParlorStatistics *self);
GtkListBox       *parlor_statistics_get_past_games  (ParlorStatistics *self);
void              parlor_statistics_open_past_game  (ParlorStatistics *self,
                                                     guint             index);

G_END_DECLS
