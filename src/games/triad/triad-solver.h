/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "triad-rules.h"

G_BEGIN_DECLS

/*
 * Exact game values by full-depth negamax with alpha-beta, move ordering and
 * a transposition table. A value is the outcome for the player to move
 * under perfect play by both: 1 win, 0 draw, -1 loss. A move is coded
 * hand index × 9 + cell (TRIAD_MOVE).
 */

#define TRIAD_MOVE(index, cell) ((index) * TRIAD_N_CELLS + (cell))
#define TRIAD_MOVE_INDEX(move)  ((move) / TRIAD_N_CELLS)
#define TRIAD_MOVE_CELL(move)   ((move) % TRIAD_N_CELLS)
#define TRIAD_N_MOVES           (TRIAD_HAND_MAX * TRIAD_N_CELLS)
#define TRIAD_NO_VALUE          (-2)

typedef struct _TriadSolver TriadSolver;

TriadSolver *triad_solver_new          (void);
void         triad_solver_free         (TriadSolver         *self);

/* Value of @pos, and the moves reaching it (sorted) in @moves if not NULL. */
gboolean     triad_solver_solve        (TriadSolver         *self,
                                        const TriadPosition *pos,
                                        TriadRules           rules,
                                        int                 *value,
                                        guint8              *moves,
                                        guint               *n_moves,
                                        GCancellable        *cancellable,
                                        GError             **error);

/* The exact value of every legal move for the mover, TRIAD_NO_VALUE for the
 * others; @values has TRIAD_N_MOVES entries. */
gboolean     triad_solver_move_values  (TriadSolver         *self,
                                        const TriadPosition *pos,
                                        TriadRules           rules,
                                        int                 *values,
                                        GCancellable        *cancellable,
                                        GError             **error);

guint64      triad_solver_get_nodes    (TriadSolver         *self);

/*
 * The `parlor-cli triad solve` line: `P1HAND | P2HAND | BOARD | TOMOVE`.
 * A hand is space-separated cards (TRBL, ranks 1–9 and A), the board nine
 * space-separated cells from the top left, each `.` or the owner (1 or 2)
 * followed by the card, TOMOVE 1 or 2. Player 1 moved first; hands list
 * the cards still held.
 */
gboolean     triad_solve_line_parse    (const char          *line,
                                        TriadPosition       *pos,
                                        GError             **error);
/* `win|draw|loss` then the moves reaching it as INDEX@CELL, sorted. */
char        *triad_solve_line_result   (int                  value,
                                        const guint8        *moves,
                                        guint                n_moves);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TriadSolver, triad_solver_free)

G_END_DECLS
