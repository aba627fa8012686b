/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "parlor-triad"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "parlor-error.h"
#include "triad-solver.h"

#define TT_BITS 20
#define TT_SIZE (1u << TT_BITS)

/*
 * The position key packs each cell in 5 bits: 0 empty, else a card code
 * (1–5 the first player's hand slots, 6–9 the second's, 15 a card already on
 * the board at the root) plus 16 when player 1 owns it. The hands follow
 * from the board, so 45 bits say everything. A table entry is one guint64:
 * key (45 bits), best move (6), lower and upper bound + 1 (2 + 2) and a
 * generation (8) so the table need not be cleared between roots.
 */
#define KEY_MASK   ((G_GUINT64_CONSTANT (1) << 45) - 1)
#define MOVE_SHIFT 45
#define LO_SHIFT   51
#define HI_SHIFT   53
#define GEN_SHIFT  55
#define NO_MOVE    63

typedef struct
{
  TriadCard card[TRIAD_N_CELLS];
  gint8     owner[TRIAD_N_CELLS];
  guint8    held[2];        /* bit i: hand slot i not played yet */
  guint8    n_filled;
  guint8    move;           /* the move that led here */
  int       order;          /* ordering score */
  guint64   key;
} Node;

struct _TriadSolver
{
  guint64      *table;
  guint8        generation;
  guint64       nodes;

  /* per root */
  TriadCard     hand[2][TRIAD_HAND_MAX];
  guint8        n_hand[2];
  guint8        twins[2][TRIAD_HAND_MAX];  /* earlier slots holding the same card */
  TriadRules    rules;
  GCancellable *cancellable;
  gboolean      aborted;
};

TriadSolver *
triad_solver_new (void)
{
  TriadSolver *self = g_new0 (TriadSolver, 1);

  self->table = g_new0 (guint64, TT_SIZE);
  return self;
}

void
triad_solver_free (TriadSolver *self)
{
  if (self == NULL)
    return;
  g_free (self->table);
  g_free (self);
}

guint64
triad_solver_get_nodes (TriadSolver *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->nodes;
}

static inline guint
slot_code (guint player,
           guint slot)
{
  return player == 0 ? 1 + slot : 6 + slot;
}

static inline guint64 *
tt_slot (TriadSolver *self,
         guint64      key)
{
  return &self->table[(key * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) >> (64 - TT_BITS)];
}

static void
begin_root (TriadSolver         *self,
            const TriadPosition *pos,
            TriadRules           rules,
            GCancellable        *cancellable,
            Node                *root)
{
  memcpy (self->hand, pos->hand, sizeof self->hand);
  memcpy (self->n_hand, pos->n_hand, sizeof self->n_hand);
  for (guint p = 0; p < 2; p++)
    for (guint i = 0; i < TRIAD_HAND_MAX; i++)
      {
        self->twins[p][i] = 0;
        for (guint j = 0; j < i && i < pos->n_hand[p]; j++)
          if (triad_card_equal (&pos->hand[p][i], &pos->hand[p][j]))
            self->twins[p][i] |= (guint8) (1u << j);
      }
  self->rules = rules;
  self->cancellable = cancellable;
  self->aborted = FALSE;
  self->nodes = 0;
  if (++self->generation == 0)
    {
      memset (self->table, 0, TT_SIZE * sizeof (guint64));
      self->generation = 1;
    }

  memset (root, 0, sizeof *root);
  memcpy (root->card, pos->card, sizeof root->card);
  memcpy (root->owner, pos->owner, sizeof root->owner);
  root->n_filled = pos->n_filled;
  root->held[0] = (guint8) ((1u << pos->n_hand[0]) - 1);
  root->held[1] = (guint8) ((1u << pos->n_hand[1]) - 1);
  for (guint c = 0; c < TRIAD_N_CELLS; c++)
    if (pos->owner[c] != TRIAD_EMPTY)
      root->key |= (guint64) (15u | (pos->owner[c] == 1 ? 16u : 0u)) << (5 * c);
}

static inline guint
sum_of (const TriadCard *card)
{
  return (guint) card->rank[0] + card->rank[1] + card->rank[2] + card->rank[3];
}

/* The flips of a card just put on @cell; keeps @key in step. The basic rule
 * is inlined here: it is the hot path of a plain game. */
static inline guint
resolve (TriadSolver     *self,
         const TriadCard *card,
         gint8           *owner,
         guint            cell,
         guint            player,
         guint64         *key)
{
  TriadFlip flips[TRIAD_N_CELLS];
  const TriadCard *me = &card[cell];
  guint n = 0;

  if (self->rules != 0)
    {
      n = triad_resolve (card, owner, cell, player, self->rules, flips);
      for (guint i = 0; i < n; i++)
        *key ^= G_GUINT64_CONSTANT (16) << (5 * flips[i].cell);
      return n;
    }

  for (guint s = 0; s < 4; s++)
    {
      int nb = triad_neighbour[cell][s];
      guint mine, theirs;

      if (nb < 0 || owner[nb] != (gint8) (1 - player))
        continue;
      mine = me->rank[s];
      theirs = card[nb].rank[(s + 2) & 3];
      if (mine > theirs || (mine == theirs && sum_of (me) > sum_of (&card[nb])))
        {
          owner[nb] = (gint8) player;
          *key ^= G_GUINT64_CONSTANT (16) << (5 * nb);
          n++;
        }
    }
  return n;
}

/* Plays @slot of the mover on @cell into @child; returns the number of flips. */
static inline guint
make_move (TriadSolver *self,
           const Node  *node,
           guint        slot,
           guint        cell,
           Node        *child)
{
  guint player = node->n_filled & 1;

  *child = *node;
  child->card[cell] = self->hand[player][slot];
  child->owner[cell] = (gint8) player;
  child->held[player] &= (guint8) ~(1u << slot);
  child->n_filled++;
  child->move = (guint8) TRIAD_MOVE (slot, cell);
  child->key |= (guint64) (slot_code (player, slot) | (player == 1 ? 16u : 0u)) << (5 * cell);

  return resolve (self, child->card, child->owner, cell, player, &child->key);
}

static int
terminal_value (const Node *node)
{
  guint first = 0;

  for (guint c = 0; c < TRIAD_N_CELLS; c++)
    first += node->owner[c] == 0;

  return (node->n_filled & 1) == 0 ? triad_outcome_for_first (first)
                                   : -triad_outcome_for_first (first);
}

/* The last placement is forced: its value straight away. */
static int
last_move_value (TriadSolver *self,
                 const Node  *node)
{
  TriadCard card[TRIAD_N_CELLS];
  gint8 owner[TRIAD_N_CELLS];
  guint slot = 0, cell = 0, first = 0;
  guint64 key = 0;

  while (!(node->held[0] & (1u << slot)))
    slot++;
  while (node->owner[cell] != TRIAD_EMPTY)
    cell++;
  memcpy (card, node->card, sizeof card);
  memcpy (owner, node->owner, sizeof owner);
  card[cell] = self->hand[0][slot];
  owner[cell] = 0;
  resolve (self, card, owner, cell, 0, &key);
  for (guint c = 0; c < TRIAD_N_CELLS; c++)
    first += owner[c] == 0;
  self->nodes++;

  /* Player 0 makes the last move, so this is also the mover's value. */
  return triad_outcome_for_first (first);
}

/* Two cells left: the second player's last card on either, then the forced
 * last move. Returns the value for the second player, the mover. */
static int
two_left_value (TriadSolver *self,
                const Node  *node,
                int          beta)
{
  guint slot = 0, cells[2], n_cells = 0;
  int best = -2;

  while (!(node->held[1] & (1u << slot)))
    slot++;
  for (guint c = 0; c < TRIAD_N_CELLS; c++)
    if (node->owner[c] == TRIAD_EMPTY)
      cells[n_cells++] = c;

  for (guint i = 0; i < 2 && best < beta; i++)
    {
      Node child;
      int v;

      memcpy (child.card, node->card, sizeof child.card);
      memcpy (child.owner, node->owner, sizeof child.owner);
      child.card[cells[i]] = self->hand[1][slot];
      child.owner[cells[i]] = 1;
      resolve (self, child.card, child.owner, cells[i], 1, &child.key);
      child.held[0] = node->held[0];
      self->nodes++;
      v = -last_move_value (self, &child);
      best = MAX (best, v);
    }
  return best;
}

static int
search (TriadSolver *self,
        const Node  *node,
        int          alpha,
        int          beta)
{
  Node children[TRIAD_N_MOVES];
  guint n_children = 0;
  guint player = node->n_filled & 1;
  guint64 *slot;
  guint tt_move = NO_MOVE;
  int best = -2;
  guint best_move = NO_MOVE;
  guint64 entry;
  int alpha0;
  guint8 order[TRIAD_N_MOVES];

  if (node->n_filled == TRIAD_N_CELLS)
    return terminal_value (node);
  if (node->n_filled == TRIAD_N_CELLS - 1)
    return last_move_value (self, node);
  if (node->n_filled == TRIAD_N_CELLS - 2)
    return two_left_value (self, node, beta);

  if ((++self->nodes & 0xfff) == 0 && g_cancellable_is_cancelled (self->cancellable))
    self->aborted = TRUE;
  if (self->aborted)
    return 0;

  slot = tt_slot (self, node->key);
  entry = *slot;
  if (((entry >> GEN_SHIFT) & 0xff) == self->generation && (entry & KEY_MASK) == node->key)
    {
      int lo = (int) ((entry >> LO_SHIFT) & 3) - 1;
      int hi = (int) ((entry >> HI_SHIFT) & 3) - 1;

      if (lo >= beta || lo == hi)
        return lo;
      if (hi <= alpha)
        return hi;
      alpha = MAX (alpha, lo);
      beta = MIN (beta, hi);
      tt_move = (guint) ((entry >> MOVE_SHIFT) & 63);
    }
  alpha0 = alpha;

  /* The table's move first, before making the other children: it often
   * settles the node alone. */
  if (tt_move != NO_MOVE)
    {
      Node child;

      make_move (self, node, TRIAD_MOVE_INDEX (tt_move), TRIAD_MOVE_CELL (tt_move), &child);
      best = -search (self, &child, -beta, -alpha);
      if (self->aborted)
        return 0;
      best_move = tt_move;
      if (best > alpha)
        alpha = best;
    }

  for (guint s = 0; s < self->n_hand[player] && alpha < beta; s++)
    {
      if (!(node->held[player] & (1u << s)) || (node->held[player] & self->twins[player][s]))
        continue;
      for (guint c = 0; c < TRIAD_N_CELLS; c++)
        {
          Node *child;

          if (node->owner[c] != TRIAD_EMPTY || TRIAD_MOVE (s, c) == tt_move)
            continue;
          child = &children[n_children++];
          child->order = (int) make_move (self, node, s, c, child);
        }
    }

  /* Insertion sort, most flips first; stable so ties keep slot/cell order. */
  for (guint i = 0; i < n_children; i++)
    {
      guint j = i;

      while (j > 0 && children[order[j - 1]].order < children[i].order)
        {
          order[j] = order[j - 1];
          j--;
        }
      order[j] = (guint8) i;
    }

  for (guint i = 0; i < n_children; i++)
    {
      const Node *child = &children[order[i]];
      int v = -search (self, child, -beta, -alpha);

      if (self->aborted)
        return 0;
      if (v > best)
        {
          best = v;
          best_move = child->move;
          if (v > alpha)
            alpha = v;
          if (alpha >= beta)
            break;
        }
    }

  {
    /* Fail-soft: below the window is an upper bound, above it a lower one. */
    int lo = best >= beta ? best : best <= alpha0 ? -1 : best;
    int hi = best <= alpha0 ? best : best >= beta ? 1 : best;

    *slot = (node->key & KEY_MASK)
            | ((guint64) best_move << MOVE_SHIFT)
            | ((guint64) (lo + 1) << LO_SHIFT)
            | ((guint64) (hi + 1) << HI_SHIFT)
            | ((guint64) self->generation << GEN_SHIFT);
  }

  return best;
}

static gboolean
check_position (const TriadPosition *pos,
                GError             **error)
{
  guint filled = 0;

  for (guint c = 0; c < TRIAD_N_CELLS; c++)
    filled += pos->owner[c] != TRIAD_EMPTY;
  if (filled != pos->n_filled
      || pos->n_hand[0] != TRIAD_FIRST_HAND - (filled + 1) / 2
      || pos->n_hand[1] != TRIAD_SECOND_HAND - filled / 2)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("The hand sizes do not match the board"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
finish (TriadSolver  *self,
        GError      **error)
{
  if (self->aborted)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The search was cancelled"));
      return FALSE;
    }
  return TRUE;
}

gboolean
triad_solver_solve (TriadSolver         *self,
                    const TriadPosition *pos,
                    TriadRules           rules,
                    int                 *value,
                    guint8              *moves,
                    guint               *n_moves,
                    GCancellable        *cancellable,
                    GError             **error)
{
  Node root;
  int v;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (pos != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);
  g_return_val_if_fail (moves == NULL || n_moves != NULL, FALSE);

  if (!check_position (pos, error))
    return FALSE;

  begin_root (self, pos, rules, cancellable, &root);
  v = search (self, &root, -1, 1);
  if (!finish (self, error))
    return FALSE;
  *value = v;

  if (moves != NULL)
    {
      guint player = root.n_filled & 1;

      *n_moves = 0;
      for (guint s = 0; s < self->n_hand[player] && root.n_filled < TRIAD_N_CELLS; s++)
        for (guint c = 0; c < TRIAD_N_CELLS; c++)
          {
            Node child;

            if (root.owner[c] != TRIAD_EMPTY)
              continue;
            make_move (self, &root, s, c, &child);
            /* Null window: the child is worth at most -v to the opponent. */
            if (v == -1 || search (self, &child, -v, -v + 1) <= -v)
              moves[(*n_moves)++] = child.move;
            if (self->aborted)
              return finish (self, error);
          }
    }

  return TRUE;
}

gboolean
triad_solver_move_values (TriadSolver         *self,
                          const TriadPosition *pos,
                          TriadRules           rules,
                          int                 *values,
                          GCancellable        *cancellable,
                          GError             **error)
{
  Node root;
  guint player;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (pos != NULL, FALSE);
  g_return_val_if_fail (values != NULL, FALSE);

  if (!check_position (pos, error))
    return FALSE;

  begin_root (self, pos, rules, cancellable, &root);
  player = root.n_filled & 1;
  for (guint m = 0; m < TRIAD_N_MOVES; m++)
    values[m] = TRIAD_NO_VALUE;
  for (guint s = 0; s < self->n_hand[player] && root.n_filled < TRIAD_N_CELLS; s++)
    for (guint c = 0; c < TRIAD_N_CELLS; c++)
      {
        Node child;

        if (root.owner[c] != TRIAD_EMPTY)
          continue;
        make_move (self, &root, s, c, &child);
        values[child.move] = -search (self, &child, -1, 1);
        if (self->aborted)
          return finish (self, error);
      }

  return TRUE;
}

#define line_error(error, ...) parlor_fail ((error), G_IO_ERROR, G_IO_ERROR_INVALID_DATA, __VA_ARGS__)

static gboolean
parse_hand (const char *text,
            TriadCard  *hand,
            guint8     *n_hand,
            guint       player,
            GError    **error)
{
  g_auto(GStrv) words = g_strsplit_set (text, " \t", -1);
  guint n = 0;

  for (guint i = 0; words[i] != NULL; i++)
    {
      if (*words[i] == '\0')
        continue;
      if (n == TRIAD_HAND_MAX)
        return line_error (error, _("player %u holds more than %u cards"), player + 1, TRIAD_HAND_MAX);
      if (!triad_card_parse (words[i], &hand[n]))
        return line_error (error, _("“%s” is not a card (four ranks 1–9 or A)"), words[i]);
      n++;
    }
  *n_hand = (guint8) n;
  return TRUE;
}

gboolean
triad_solve_line_parse (const char     *line,
                        TriadPosition  *out,
                        GError        **error)
{
  g_auto(GStrv) parts = NULL;
  g_auto(GStrv) cells = NULL;
  g_autofree char *to_move = NULL;
  TriadPosition pos;
  guint n_cells = 0;
  guint expected[2];

  g_return_val_if_fail (line != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  parts = g_strsplit (line, "|", -1);
  if (g_strv_length (parts) != 4)
    return line_error (error, _("expected four parts separated by “|” (hand 1, hand 2, board, player to move)"));

  memset (&pos, 0, sizeof pos);
  if (!parse_hand (parts[0], pos.hand[0], &pos.n_hand[0], 0, error)
      || !parse_hand (parts[1], pos.hand[1], &pos.n_hand[1], 1, error))
    return FALSE;

  cells = g_strsplit_set (parts[2], " \t", -1);
  for (guint i = 0; cells[i] != NULL; i++)
    {
      const char *cell = cells[i];

      if (*cell == '\0')
        continue;
      if (n_cells == TRIAD_N_CELLS)
        return line_error (error, _("the board has more than nine cells"));
      pos.owner[n_cells] = pos.placer[n_cells] = TRIAD_EMPTY;
      if (!g_str_equal (cell, "."))
        {
          if ((cell[0] != '1' && cell[0] != '2') || !triad_card_parse (cell + 1, &pos.card[n_cells]))
            return line_error (error, _("board cell “%s” is neither “.” nor an owner 1 or 2 followed by a card"), cell);
          pos.owner[n_cells] = pos.placer[n_cells] = (gint8) (cell[0] - '1');
          pos.n_filled++;
        }
      n_cells++;
    }
  if (n_cells != TRIAD_N_CELLS)
    return line_error (error, _("the board has %u cells, not nine"), n_cells);

  expected[0] = TRIAD_FIRST_HAND - (pos.n_filled + 1u) / 2;
  expected[1] = TRIAD_SECOND_HAND - pos.n_filled / 2u;
  for (guint p = 0; p < 2; p++)
    if (pos.n_hand[p] != expected[p])
      return line_error (error, _("with %u cards on the board player %u must hold %u cards, not %u"),
                         pos.n_filled, p + 1, expected[p], pos.n_hand[p]);

  to_move = g_strstrip (g_strdup (parts[3]));
  if (!g_str_equal (to_move, "1") && !g_str_equal (to_move, "2"))
    return line_error (error, _("the player to move must be 1 or 2, not “%s”"), to_move);
  if ((guint) (to_move[0] - '1') != (pos.n_filled & 1u))
    return line_error (error, _("with %u cards on the board it is player %u’s turn"),
                       pos.n_filled, (pos.n_filled & 1u) + 1);

  *out = pos;
  return TRUE;
}

char *
triad_solve_line_result (int           value,
                         const guint8 *moves,
                         guint         n_moves)
{
  guint8 sorted[TRIAD_N_MOVES];
  GString *out;

  g_return_val_if_fail (n_moves <= TRIAD_N_MOVES, NULL);
  g_return_val_if_fail (moves != NULL || n_moves == 0, NULL);

  out = g_string_new (value > 0 ? "win" : value == 0 ? "draw" : "loss");
  if (n_moves > 0)
    memcpy (sorted, moves, n_moves);
  for (guint i = 1; i < n_moves; i++)
    for (guint j = i; j > 0 && sorted[j - 1] > sorted[j]; j--)
      {
        guint8 tmp = sorted[j];

        sorted[j] = sorted[j - 1];
        sorted[j - 1] = tmp;
      }
  for (guint i = 0; i < n_moves; i++)
    g_string_append_printf (out, " %u@%u", TRIAD_MOVE_INDEX (sorted[i]), TRIAD_MOVE_CELL (sorted[i]));

  return g_string_free (out, FALSE);
}
