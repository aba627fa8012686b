/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "triad-rules.h"

/*
 * Each case puts one card on a board and lists, worked out by hand from the
 * rules, who owns every cell afterwards and why each cell changed hands
 * (b basic, s same, p plus, c combo, '.' unchanged).
 */
typedef struct
{
  const char *name;
  TriadRules  rules;
  const char *board[9];    /* NULL or owner digit + card */
  guint       cell;
  guint       player;
  const char *card;
  const char *owners;      /* after: '.', '0', '1' per cell */
  const char *causes;
} RuleCase;

#define SAME_COMBO (TRIAD_RULE_SAME | TRIAD_RULE_COMBO)
#define FF8_SAME       (TRIAD_RULE_SAME | TRIAD_RULE_FF8)
#define FF8_SAME_COMBO (TRIAD_RULE_SAME | TRIAD_RULE_COMBO | TRIAD_RULE_FF8)
#define FF8_PLUS       (TRIAD_RULE_PLUS | TRIAD_RULE_FF8)
#define FF8_PLUS_COMBO (TRIAD_RULE_PLUS | TRIAD_RULE_COMBO | TRIAD_RULE_FF8)

static const RuleCase rule_cases[] = {
  /* basic captures, one per direction of the placed card */
  { "basic/top", 0, { NULL, "11131" }, 4, 0, "5111", ".0..0....", ".b......." },
  { "basic/right", 0, { [5] = "11112" }, 4, 0, "1511", "....00...", ".....b..." },
  { "basic/bottom", 0, { [7] = "12111" }, 4, 0, "1151", "....0..0.", ".......b." },
  { "basic/left", 0, { [3] = "11211" }, 4, 0, "1115", "...00....", "...b....." },
  { "basic/corner-right-and-bottom", 0, { [1] = "01111", [3] = "01111" }, 0, 1, "2222",
    "11.1.....", ".b.b....." },
  { "basic/all-four", 0, { NULL, "11111", NULL, "11111", NULL, "11111", NULL, "11111" }, 4, 0, "2222",
    ".0.000.0.", ".b.b.b.b." },
  { "basic/smaller-keeps", 0, { NULL, "11191" }, 4, 0, "5111", ".1..0....", "........." },
  { "basic/second-player-captures", 0, { NULL, "01131" }, 4, 1, "5111", ".1..1....", ".b......." },
  /* equal facing ranks: the card sums decide */
  { "equal/sum-greater", 0, { NULL, "11151" }, 4, 0, "5999", ".0..0....", ".b......." },
  { "equal/sum-equal", 0, { NULL, "15555" }, 4, 0, "5555", ".1..0....", "........." },
  { "equal/sum-smaller", 0, { NULL, "19959" }, 4, 0, "5111", ".1..0....", "........." },
  /* only opponent cards flip; the placed card never does */
  { "owner/own-card-stays", 0, { NULL, "01111" }, 4, 0, "9999", ".0..0....", "........." },
  { "owner/placed-card-stays", 0, { NULL, "1AAAA", NULL, "1AAAA" }, 4, 0, "1111", ".1.10....", "........." },
  /* no chains without Combo, and Combo does not chain basic captures */
  { "chain/none", 0, { "11111", "11119" }, 4, 0, "5111", "10..0....", ".b......." },
  { "chain/combo-ignores-basic", SAME_COMBO, { "11111", "11119" }, 4, 0, "5111", "10..0....", ".b......." },
  /* Same: two or more equal facing ranks, either owner counts, opponent's flip */
  { "same/off", 0, { NULL, "19939", NULL, "09699" }, 4, 0, "3116", ".1.00....", "........." },
  { "same/own-and-opponent", TRIAD_RULE_SAME, { NULL, "19939", NULL, "09699" }, 4, 0, "3116",
    ".0.00....", ".s......." },
  { "same/one-match-only", TRIAD_RULE_SAME, { NULL, "19939" }, 4, 0, "3116", ".1..0....", "........." },
  { "same/both-opponent", TRIAD_RULE_SAME, { NULL, "19939", NULL, "19699" }, 4, 0, "3116",
    ".0.00....", ".s.s....." },
  /* Plus: two or more equal sums of facing ranks */
  { "plus/off", 0, { NULL, "19959", NULL, NULL, NULL, "19996" }, 4, 0, "2111", ".1..01...", "........." },
  { "plus/two-opponent", TRIAD_RULE_PLUS, { NULL, "19959", NULL, NULL, NULL, "19996" }, 4, 0, "2111",
    ".0..00...", ".p...p..." },
  { "plus/with-own-card", TRIAD_RULE_PLUS, { NULL, "19959", NULL, NULL, NULL, "09996" }, 4, 0, "2111",
    ".0..00...", ".p......." },
  { "plus/different-sums", TRIAD_RULE_PLUS, { NULL, "19959", NULL, NULL, NULL, "19997" }, 4, 0, "2111",
    ".1..01...", "........." },
  /* Combo: cards taken by Same or Plus take their neighbours by the basic rule, on and on */
  { "combo/off", TRIAD_RULE_SAME, { "11111", "19939", "11191", "09699", NULL, "11119" }, 4, 0, "3116",
    "101001...", ".s......." },
  { "combo/two-steps", SAME_COMBO, { "11111", "19939", "11191", "09699", NULL, "11119" }, 4, 0, "3116",
    "000000...", "csc..c..." },

  /*
   * Final Fantasy VIII's own resolution (TRIAD_RULE_FF8). Player 0 puts
   * 3516 (top 3, right 5, bottom 1, left 6) on the centre:
   *
   *   .     1:1131  2:1119        top: 3 = 3, a Same match
   *   3:0 1611  [3516]  5:9112    left: 6 = 6 (player 0's own card), a match
   *   .     .       .             right: 5 > 2, taken by the basic rule
   *
   * Two matches: Same takes the top card. The right card 9112, taken by
   * the basic rule in the same placement, starts the Combo chain too: its
   * top 9 beats the bottom 1 of 1119 on cell 2. Under Parlor's first
   * reading only the top card (taken by Same) chains, and its right 1 does
   * not beat 1119's left 9, so cell 2 stays.
   */
  { "ff8/combo-from-basic-capture", FF8_SAME_COMBO,
    { NULL, "11131", "11119", "01611", NULL, "19112" }, 4, 0, "3516", ".00000...", ".sc..b..." },
  { "ff8/parlor-combo-from-same-only", SAME_COMBO,
    { NULL, "11131", "11119", "01611", NULL, "19112" }, 4, 0, "3516", ".01000...", ".s...b..." },
  /*
   * The same board with the top card 1131 player 0's own: both matches are
   * own cards, yet Same fires, and in FF VIII it takes what the placed card
   * beats in that step: 9112 on the right (5 > 2). A card taken there
   * starts Combo, so 9112's top 9 takes 1119 on cell 2. Under Parlor's
   * first reading Same took nothing, so nothing chains.
   */
  { "ff8/same-takes-beaten-in-its-step", FF8_SAME_COMBO,
    { NULL, "01131", "11119", "01611", NULL, "19112" }, 4, 0, "3516", ".00000...", "..c..b..." },
  { "ff8/same-step-without-combo", FF8_SAME,
    { NULL, "01131", "11119", "01611", NULL, "19112" }, 4, 0, "3516", ".01000...", ".....b..." },
  { "ff8/parlor-same-own-matches-no-chain", SAME_COMBO,
    { NULL, "01131", "11119", "01611", NULL, "19112" }, 4, 0, "3516", ".01000...", ".....b..." },
  /* Combo still needs Same or Plus to take a card: a basic capture alone never chains. */
  { "ff8/basic-alone-no-chain", FF8_SAME_COMBO, { "11111", "11119" }, 4, 0, "5111", "10..0....", ".b......." },
  /*
   * Plus takes one group of equal sums. Player 0 puts 2222 on the centre,
   * every neighbour the opponent's and stronger on its facing side (no
   * basic capture):
   *
   *   .       1:1181   .          top    2 + 8 = 10
   *   3:1811  [2222]   5:1119     left   2 + 8 = 10, right 2 + 9 = 11
   *   .       7:9111   .          bottom 2 + 9 = 11
   *
   * Two groups of two. FF VIII counts the sides top, bottom, left, right
   * and keeps the first sum to reach the largest count: top (10), bottom
   * (11), left (10 reaches two first). Only top and left flip; Parlor's
   * first reading took all four.
   */
  { "ff8/plus-one-group", FF8_PLUS,
    { NULL, "11181", NULL, "11811", NULL, "11119", NULL, "19111" }, 4, 0, "2222",
    ".0.001.1.", ".p.p....." },
  { "ff8/parlor-plus-every-group", TRIAD_RULE_PLUS,
    { NULL, "11181", NULL, "11811", NULL, "11119", NULL, "19111" }, 4, 0, "2222",
    ".0.000.0.", ".p.p.p.p." },
  /*
   * Groups top+right (8 + 2 = 10 each way) and bottom+left (9 + 2 = 11):
   *
   *   .       1:1181   .          counting top (10), bottom (11), left
   *   3:1911  [2222]   5:1118     (11 reaches two first): bottom and left
   *   .       7:9111   .          flip, top and right stay.
   */
  { "ff8/plus-group-completed-first", FF8_PLUS,
    { NULL, "11181", NULL, "11911", NULL, "11118", NULL, "19111" }, 4, 0, "2222",
    ".1.001.0.", "...p...p." },
  /* The first plus-one-group board with the top and left cards player 0's
   * own: their group wins the count, so Plus takes nothing, though the
   * other group is all the opponent's. */
  { "ff8/plus-group-of-own-cards", FF8_PLUS_COMBO,
    { NULL, "01181", NULL, "01811", NULL, "11119", NULL, "19111" }, 4, 0, "2222",
    ".0.001.1.", "........." },
  { "ff8/parlor-plus-group-of-own-cards", TRIAD_RULE_PLUS,
    { NULL, "01181", NULL, "01811", NULL, "11119", NULL, "19111" }, 4, 0, "2222",
    ".0.000.0.", ".....p.p." },
  /* Reverse: the lower facing rank takes. Player 0 puts a card on the
   * centre; its top faces the bottom rank of cell 1. */
  { "reverse/lower-takes", TRIAD_RULE_REVERSE, { NULL, "11151" }, 4, 0, "3111", ".0..0....", ".b......." },
  { "reverse/higher-keeps", TRIAD_RULE_REVERSE, { NULL, "11131" }, 4, 0, "5111", ".1..0....", "........." },
  /* 5 against 5: the lower card sum (8 against 28) takes, the higher keeps. */
  { "reverse/equal-lower-sum-takes", TRIAD_RULE_REVERSE, { NULL, "19959" }, 4, 0, "5111",
    ".0..0....", ".b......." },
  { "reverse/equal-higher-sum-keeps", TRIAD_RULE_REVERSE, { NULL, "11151" }, 4, 0, "5999",
    ".1..0....", "........." },
  /* Same is unchanged: top 3 = 3 and left 6 = 6 take cells 1 and 3; the
   * right 1 faces a 2 and takes it by the reversed basic rule. */
  { "reverse/same", TRIAD_RULE_REVERSE | TRIAD_RULE_SAME,
    { NULL, "19939", NULL, "19699", NULL, "19992" }, 4, 0, "3116", ".0.000...", ".s.s.b..." },
  /* As above, and Combo chains by the reversed rule: cell 1's left 9 is
   * lower than cell 0's right A, so cell 0 falls too, in either reading.
   * Without Reverse, 9 takes neither cell 0's right A nor its bottom A. */
  { "reverse/same-combo", TRIAD_RULE_REVERSE | SAME_COMBO,
    { "15AA5", "19939", NULL, "19699", NULL, "19992" }, 4, 0, "3116", "00.000...", "cs.s.b..." },
  { "reverse/ff8-same-combo", TRIAD_RULE_REVERSE | FF8_SAME_COMBO,
    { "15AA5", "19939", NULL, "19699", NULL, "19992" }, 4, 0, "3116", "00.000...", "cs.s.b..." },
  { "reverse/off-same-combo", SAME_COMBO,
    { "15AA5", "19939", NULL, "19699", NULL, "19992" }, 4, 0, "3116", "10.001...", ".s.s....." },
  /* Fallen Ace: a 1 takes an A; an A still takes a 1, a 2 still not an A. */
  { "fallen-ace/one-takes-ace", TRIAD_RULE_FALLEN_ACE, { NULL, "111A1" }, 4, 0, "1111",
    ".0..0....", ".b......." },
  { "fallen-ace/off-one-keeps", 0, { NULL, "111A1" }, 4, 0, "1111", ".1..0....", "........." },
  { "fallen-ace/ace-takes-one", TRIAD_RULE_FALLEN_ACE, { NULL, "11111" }, 4, 0, "A111",
    ".0..0....", ".b......." },
  { "fallen-ace/two-keeps-ace", TRIAD_RULE_FALLEN_ACE, { NULL, "111A1" }, 4, 0, "2111",
    ".1..0....", "........." },
  /* With Reverse an A takes a 1 (reversed, 10 against 1 would keep), and a
   * 1 still takes an A, now by the reversed rule; a 9 keeps against a 1. */
  { "fallen-ace/reverse-ace-takes-one", TRIAD_RULE_FALLEN_ACE | TRIAD_RULE_REVERSE, { NULL, "11111" },
    4, 0, "A111", ".0..0....", ".b......." },
  { "fallen-ace/reverse-one-takes-ace", TRIAD_RULE_FALLEN_ACE | TRIAD_RULE_REVERSE, { NULL, "111A1" },
    4, 0, "1111", ".0..0....", ".b......." },
  { "fallen-ace/reverse-nine-keeps", TRIAD_RULE_FALLEN_ACE | TRIAD_RULE_REVERSE, { NULL, "11111" },
    4, 0, "9111", ".1..0....", "........." },
  { "fallen-ace/reverse-off-ace-keeps", TRIAD_RULE_REVERSE, { NULL, "11111" }, 4, 0, "A111",
    ".1..0....", "........." },
  /* Combo chains by it too: Same takes cells 1 and 3 (3 = 3, 6 = 6); cell
   * 1's left 1 then takes cell 0's right A. */
  { "fallen-ace/same-combo", TRIAD_RULE_FALLEN_ACE | FF8_SAME_COMBO,
    { "19AA9", "11131", NULL, "19699" }, 4, 0, "3116", "00.00....", "cs.s....." },
  /* Same Wall: player 0 puts a card on cell 1, the top edge. Its top A
   * meets the wall, its left 3 cell 0's right 3: two matches, Same takes
   * cell 0. Without Same Wall, or with a 9 on the wall side, one match
   * only, and cell 0's higher sum (30) keeps it from the basic rule. */
  { "same-wall/wall-and-card", TRIAD_RULE_SAME | TRIAD_RULE_SAME_WALL, { "19399" }, 1, 0, "A113",
    "00.......", "s........" },
  { "same-wall/ff8-wall-and-card", FF8_SAME | TRIAD_RULE_SAME_WALL, { "19399" }, 1, 0, "A113",
    "00.......", "s........" },
  { "same-wall/off", TRIAD_RULE_SAME, { "19399" }, 1, 0, "A113", "10.......", "........." },
  { "same-wall/nine-on-wall", TRIAD_RULE_SAME | TRIAD_RULE_SAME_WALL, { "19399" }, 1, 0, "9113",
    "10.......", "........." },
  /* The wall is not counted by Plus: top 5 + A would be 15 like left 7 +
   * cell 0's right 8, but Plus sees one sum only, and Same no match. */
  { "same-wall/plus-ignores-wall", TRIAD_RULE_SAME | TRIAD_RULE_PLUS | TRIAD_RULE_SAME_WALL,
    { "11811" }, 1, 0, "5117", "10.......", "........." },
  { "same-wall/ff8-plus-ignores-wall", FF8_SAME | TRIAD_RULE_PLUS | TRIAD_RULE_SAME_WALL,
    { "11811" }, 1, 0, "5117", "10.......", "........." },
  /* Both at once: top A on the wall and left 2 = 2 fire Same (cell 0);
   * right 3 + 6 = bottom 4 + 5 = 9 fire Plus (cells 2 and 4). The basic
   * rule takes nothing: 2 = 2 loses on sums (19 against 29), 3 < 6, 4 < 5. */
  { "same-wall/with-plus", TRIAD_RULE_SAME | TRIAD_RULE_PLUS | TRIAD_RULE_SAME_WALL,
    { "19299", NULL, "11116", NULL, "15111" }, 1, 0, "A342", "000.0....", "s.p.p...." },
  { "same-wall/ff8-with-plus", FF8_SAME | TRIAD_RULE_PLUS | TRIAD_RULE_SAME_WALL,
    { "19299", NULL, "11116", NULL, "15111" }, 1, 0, "A342", "000.0....", "s.p.p...." },
};

static void
load_case (const RuleCase *rc,
           TriadCard      *card,
           gint8          *owner)
{
  for (guint c = 0; c < TRIAD_N_CELLS; c++)
    {
      owner[c] = TRIAD_EMPTY;
      memset (&card[c], 0, sizeof card[c]);
      if (rc->board[c] == NULL)
        continue;
      owner[c] = (gint8) (rc->board[c][0] - '0');
      g_assert_true (triad_card_parse (rc->board[c] + 1, &card[c]));
    }
  g_assert_cmpint (owner[rc->cell], ==, TRIAD_EMPTY);
  g_assert_true (triad_card_parse (rc->card, &card[rc->cell]));
  owner[rc->cell] = (gint8) rc->player;
}

static void
test_rule_case (gconstpointer data)
{
  const RuleCase *rc = data;
  static const char cause_letter[] = { 'b', 's', 'p', 'c' };
  TriadCard card[TRIAD_N_CELLS];
  gint8 owner[TRIAD_N_CELLS];
  TriadFlip flips[TRIAD_N_CELLS];
  char owners[TRIAD_N_CELLS + 1] = { 0 };
  char causes[TRIAD_N_CELLS + 1] = ".........";
  guint n;

  load_case (rc, card, owner);
  n = triad_resolve (card, owner, rc->cell, rc->player, rc->rules, flips);

  for (guint c = 0; c < TRIAD_N_CELLS; c++)
    owners[c] = owner[c] == TRIAD_EMPTY ? '.' : (char) ('0' + owner[c]);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpint (causes[flips[i].cell], ==, '.');   /* each cell flips once */
      causes[flips[i].cell] = cause_letter[flips[i].cause];
    }
  g_assert_cmpstr (owners, ==, rc->owners);
  if (*rc->causes != '\0')
    g_assert_cmpstr (causes, ==, rc->causes);
}

/* The same cases through triad_position_place with the card taken from a hand. */
static void
test_place_matches_resolve (void)
{
  for (guint k = 0; k < G_N_ELEMENTS (rule_cases); k++)
    {
      const RuleCase *rc = &rule_cases[k];
      TriadPosition pos;
      TriadCard card[TRIAD_N_CELLS];
      gint8 owner[TRIAD_N_CELLS];
      TriadFlip flips[TRIAD_N_CELLS];
      guint filled = 0;

      load_case (rc, card, owner);
      memset (&pos, 0, sizeof pos);
      for (guint c = 0; c < TRIAD_N_CELLS; c++)
        if (c != rc->cell && owner[c] != TRIAD_EMPTY)
          filled++;
      /* Give the mover's turn by the parity of filled cells: pad with nothing,
       * just skip cases whose parity does not fit. */
      if ((filled & 1) != rc->player)
        continue;
      for (guint c = 0; c < TRIAD_N_CELLS; c++)
        {
          pos.owner[c] = pos.placer[c] = c == rc->cell ? TRIAD_EMPTY : owner[c];
          pos.card[c] = card[c];
        }
      pos.n_filled = (guint8) filled;
      pos.hand[rc->player][0] = card[rc->cell];
      pos.hand[rc->player][1] = card[rc->cell];
      pos.n_hand[rc->player] = 2;
      pos.n_hand[1 - rc->player] = 1;

      triad_position_place (&pos, 0, rc->cell, rc->rules, flips);
      for (guint c = 0; c < TRIAD_N_CELLS; c++)
        g_assert_cmpint (pos.owner[c] == TRIAD_EMPTY ? '.' : '0' + pos.owner[c], ==, rc->owners[c]);
      g_assert_cmpint (pos.placer[rc->cell], ==, rc->player);
      g_assert_cmpint (pos.n_hand[rc->player], ==, 1);
      g_assert_cmpint (pos.n_filled, ==, filled + 1);
    }
}

static void
test_outcome (void)
{
  /* The first player needs 6 of the 9 cards; 5 to 4 is a draw. */
  static const int expected[10] = { -1, -1, -1, -1, -1, 0, 1, 1, 1, 1 };

  for (guint n = 0; n <= 9; n++)
    g_assert_cmpint (triad_outcome_for_first (n), ==, expected[n]);
}

static void
test_card_text (void)
{
  static const struct { const char *text; gboolean ok; guint8 rank[4]; } cases[] = {
    { "73A5", TRUE, { 7, 3, 10, 5 } },
    { "1111", TRUE, { 1, 1, 1, 1 } },
    { "aA9a", TRUE, { 10, 10, 9, 10 } },
    { "0123", FALSE, { 0 } },
    { "123", FALSE, { 0 } },
    { "12345", FALSE, { 0 } },
    { "12B4", FALSE, { 0 } },
    { "", FALSE, { 0 } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      TriadCard card;
      gboolean ok = triad_card_parse (cases[i].text, &card);

      g_assert_cmpint (ok, ==, cases[i].ok);
      if (ok)
        {
          char back[5];

          g_assert_cmpmem (card.rank, 4, cases[i].rank, 4);
          triad_card_format (&card, back);
          g_assert_cmpint (g_ascii_strcasecmp (back, cases[i].text), ==, 0);
        }
    }
}

static void
test_deal_is_fair (void)
{
  ParlorRng rng;
  guint rank_counts[11] = { 0 };
  guint n_ranks = 0;

  parlor_rng_init (&rng, 12345, 1);
  for (guint d = 0; d < 2000; d++)
    {
      TriadCard first[TRIAD_FIRST_HAND], second[TRIAD_SECOND_HAND];
      TriadCard all[TRIAD_N_CELLS];
      int totals[2] = { 0, 0 };

      triad_deal (&rng, first, second);
      memcpy (all, first, sizeof first);
      memcpy (all + TRIAD_FIRST_HAND, second, sizeof second);
      for (guint i = 0; i < TRIAD_N_CELLS; i++)
        {
          guint sum = 0;

          for (guint s = 0; s < 4; s++)
            {
              g_assert_cmpuint (all[i].rank[s], >=, 1);
              g_assert_cmpuint (all[i].rank[s], <=, 10);
              sum += all[i].rank[s];
              rank_counts[all[i].rank[s]]++;
              n_ranks++;
            }
          g_assert_cmpuint (sum, >=, 14);
          g_assert_cmpuint (sum, <=, 26);
          totals[i < TRIAD_FIRST_HAND ? 0 : 1] += (int) sum;
          for (guint j = 0; j < i; j++)
            g_assert_false (memcmp (all[i].rank, all[j].rank, 4) == 0);
        }
      /* mean card sums of the two hands within 1 */
      g_assert_cmpint (ABS (4 * totals[0] - 5 * totals[1]), <=, 20);
    }
  /* every rank occurs, none dominates */
  for (guint r = 1; r <= 10; r++)
    {
      g_assert_cmpuint (rank_counts[r], >, n_ranks / 40);
      g_assert_cmpuint (rank_counts[r], <, n_ranks / 5);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (rule_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/triad/rules/%s", rule_cases[i].name);

      g_test_add_data_func (path, &rule_cases[i], test_rule_case);
    }
  g_test_add_func ("/triad/rules/place-matches-resolve", test_place_matches_resolve);
  g_test_add_func ("/triad/rules/end-count-and-draw", test_outcome);
  g_test_add_func ("/triad/rules/card-text", test_card_text);
  g_test_add_func ("/triad/rules/deal-is-fair", test_deal_is_fair);

  return g_test_run ();
}
