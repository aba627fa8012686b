/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "parlor-line.h"

G_BEGIN_DECLS

/*
 * The words of a mahjong hint's notes, shared by the three games: each game
 * works out its seat's waits, what they score and the tiles still unseen
 * from its view line, and writes them with these, one note a line.
 */

/* @after_discard: the hand once the hinted tile is discarded, else as held. */
void  mahjong_hint_add_ready     (GString    *notes,
                                  gboolean    after_discard);
/* One wait: its tile's name, its copies unseen (not in the hand, not in any
 * discard, meld or flower the seat sees), and what a win on it would bring. */
void  mahjong_hint_add_wait      (GString    *notes,
                                  const char *tile,
                                  guint       unseen,
                                  const char *outcome);
/* @shanten ≥ 1: how many more useful tiles the hand needs to be ready. */
void  mahjong_hint_add_not_ready (GString    *notes,
                                  gboolean    after_discard,
                                  int         shanten);
/* "Wins now: …" for a hand that is complete. */
void  mahjong_hint_add_win       (GString    *notes,
                                  const char *outcome);
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

/* The notes, or NULL if there are none. */
char *mahjong_hint_finish        (GString    *notes);

/* One wait of a hand a tile short: what a win on @kind brings, with its
 * name and its copies unseen; NULL if it does not win. */
typedef char *(*MahjongHintWait)    (gpointer    hand,
                                     guint       kind,
                                     char      **name,
                                     guint      *unseen);
/* How many more useful tiles the hand needs to be ready; 0 if unknown. */
typedef int   (*MahjongHintShanten) (gpointer    hand);

/* Notes every wait among @n_kinds kinds, or how far the hand is from ready. */
void  mahjong_hint_add_waits     (GString            *notes,
                                  gboolean            after_discard,
                                  guint               n_kinds,
                                  MahjongHintWait     wait,
                                  MahjongHintShanten  shanten,
                                  gpointer            hand);

/* A game's hints on an action line. */
typedef struct
{
  /* Adds the notes on @action in @view, a view line (none if it is not one). */
  void  (*notes)    (GString          *notes,
                     const char       *view,
                     const ParlorLine *action);
  /* Reads @action in @view as a move and the tile it names (its lowest
   * for a chow; MAHJONG_NO_TILE when it names none); FALSE if it is none. */
  gboolean (*read_move) (const char       *view,
                         const ParlorLine *action,
                         MahjongHintMove  *move,
                         guint            *tile);
} MahjongHint;

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
