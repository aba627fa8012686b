/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "parlor-line.h"

G_BEGIN_DECLS

/*
 * A mahjong hint's notes, shared by the three games: the kit reads the
 * seat's view and the hinted action into a hand of the game's, then notes
 * what a win scores, or the waits of the hand after the discard or as held
 * with the copies of each still unseen, or how far the hand is from ready;
 * one note a line.
 */

/* A scoring element's name (a fan, a yaku, a line), translated. */
typedef const char *(*MahjongHintLabel) (guint element);

/* An outcome, "3 points (Two winds, One closed triplet)" or "8 fan (…)":
 * @total in fan or points, then each of the @n_elements elements with
 * @times above nought, named by @label, "×@times" when above one. */
char *mahjong_hint_score_words   (gboolean          fan,
                                  int               total,
                                  const guint8     *times,
                                  guint             n_elements,
                                  MahjongHintLabel  label);

typedef enum
{
  MAHJONG_HINT_DISCARD,
  MAHJONG_HINT_WIN_DRAWN,
  MAHJONG_HINT_WIN_DISCARD,
  MAHJONG_HINT_ROB_KONG,
  MAHJONG_HINT_PASS,
  MAHJONG_HINT_PUNG,
  MAHJONG_HINT_CHOW,
  MAHJONG_HINT_KONG,
  MAHJONG_HINT_CONCEALED_KONG,
  MAHJONG_HINT_ADDED_KONG,
} MahjongHintMove;

/* A move in words; @tile (a tile's name) for a discard, a chow's lowest
 * tile and a concealed or added kong. */
char *mahjong_hint_move_words    (MahjongHintMove  move,
                                  const char      *tile);

/* The move of an action line of @type: "discard", "tsumo", "pass", "pung",
 * "chow", "kong", "ckong" (concealed kong), "akong" (added kong), and "ron"
 * as @ron (a win on the discard or by robbing a kong); FALSE for any other. */
gboolean mahjong_hint_move_of_type (const char      *type,
                                    MahjongHintMove  ron,
                                    MahjongHintMove *move);

/* One wait of a hand a tile short: what a win on @kind brings, with its
 * name and its copies unseen; NULL if it does not win. */
typedef char *(*MahjongHintWait)    (gpointer    hand,
                                     guint       kind,
                                     char      **name,
                                     guint      *unseen);
/* How many more useful tiles the hand needs to be ready; 0 if unknown. */
typedef int   (*MahjongHintShanten) (gpointer    hand);

/* An action line, and what the game reads it as: a move and the tile it
 * names (a chow's lowest; MAHJONG_NO_TILE when it names none). */
typedef struct
{
  const ParlorLine *line;
  MahjongHintMove   move;
  guint             tile;
} MahjongHintAction;

/* A game's hints. The kit gives each callback the game's hand: @hand_size
 * bytes, zeroed, that read fills first. */
typedef struct
{
  gsize              hand_size;
  /* The kinds @wait is asked about: 0 to @n_kinds - 1. */
  guint              n_kinds;
  /* Reads the view line @view into @hand, and @action->line in it into
   * @action's move and tile; FALSE if either cannot be read. */
  gboolean         (*read)    (gpointer           hand,
                               const char        *view,
                               MahjongHintAction *action);
  /* What the win @move (on the drawn tile, the discard or the robbed kong)
   * brings the hand, NULL if it does not win by it. */
  char            *(*win)     (gpointer           hand,
                               MahjongHintMove    move);
  /* Takes a discard of @tile out of the viewer's hand, or keeps the hand as
   * held for MAHJONG_NO_TILE: TRUE if it is then a tile short of a win. */
  gboolean         (*hold)    (gpointer           hand,
                               guint              tile);
  MahjongHintWait    wait;
  MahjongHintShanten shanten;
} MahjongHint;

/* Defines @prefix##_hint from the game's Hand type, its @n_kinds and its
 * callbacks @prefix##_hint_read, _win, _hold, _wait and _shanten. */
#define MAHJONG_DEFINE_HINT(prefix, Hand, n_kinds)                                  \
  const MahjongHint prefix##_hint = {                                               \
    sizeof (Hand), (n_kinds), prefix##_hint_read, prefix##_hint_win,                \
    prefix##_hint_hold, prefix##_hint_wait, prefix##_hint_shanten,                  \
  };

/* ParlorGameInfo.hint_notes and describe_move by @hint. */
char *mahjong_hint_notes         (const MahjongHint *hint,
                                  const char        *view,
                                  const char        *action);
char *mahjong_hint_describe      (const MahjongHint *hint,
                                  const char        *view,
                                  const char        *action);

/* Defines @func, a ParlorGameInfo.hint_notes by @hint. */
#define MAHJONG_DEFINE_HINT_NOTES(func, hint)                        \
  static char *                                                      \
  func (const char *view,                                            \
        const char *action)                                          \
  {                                                                  \
    return mahjong_hint_notes (&(hint), view, action);               \
  }

/* Defines @func, a ParlorGameInfo.describe_move by @hint. */
#define MAHJONG_DEFINE_DESCRIBE_MOVE(func, hint)                     \
  static char *                                                      \
  func (const char *view,                                            \
        const char *action)                                          \
  {                                                                  \
    return mahjong_hint_describe (&(hint), view, action);            \
  }

G_END_DECLS
