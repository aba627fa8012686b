/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The scorer against hands worked out by hand from docs/rules (the spec's tables). */
#include "config.h"

#include <string.h>

#include "jihai-score.h"

typedef struct
{
  const char *hand;
  JihaiWinWay way;
  const char *flags;
  const char *discarded;
  const char *lines;    /* expected, in table order */
  int         total;
  JihaiStatus status;
} Case;

#define T JIHAI_WIN_TSUMO
#define R JIHAI_WIN_RON
#define WIN JIHAI_STATUS_WIN
#define ZERO JIHAI_STATUS_ZERO_POINTS
#define BANNED JIHAI_STATUS_ILLEGAL_RON
#define NONE JIHAI_STATUS_NO_SHAPE

static const Case cases[] = {
  /* shape A, set lines */
  { "- | SSSWWWOO | O", T, "-", "-", "Two closed triplets=3;Two winds=2", 5, WIN },
  { "EE+E | SSSOO | O", R, "-", "-", "One closed triplet=1;Two winds=2", 3, WIN },
  /* a triplet completed by ron is still concealed */
  { "EE+E | SSSOO | S", R, "-", "-", "One closed triplet=1;Two winds=2", 3, WIN },
  { "OO+O | SSSEE | E", T, "-", "-", "One closed triplet=1", 1, WIN },
  { "EEEE | SSSOO | O", T, "-", "-", "One closed triplet=1;One closed kong=2;Two winds=2", 5, WIN },
  { "EEEE | GGGOO | O", T, "-", "-", "One closed triplet=1;One closed kong=2", 3, WIN },
  { "EEEE SS+S+S | OO | O", T, "-", "-", "One closed kong=2;Two kongs=3;Two winds=2", 7, WIN },
  { "EEEE GGG+G | OO | O", R, "-", "-", "One closed kong=2;Two kongs=3", 5, WIN },
  { "EEEE SSSS | OO | O", T, "-", "-", "Two closed kongs=5;Two winds=2", 7, WIN },
  { "EEE+E SS+S+S | OO | O", R, "-", "-", "Two kongs=3;Two winds=2", 5, WIN },
  { "EEE+E GG+G+G | OO | O", R, "-", "-", "Two kongs=3", 3, WIN },
  { "EEE+E | GGGOO | G", R, "-", "-", "One closed triplet=1", 1, WIN },
  /* tile lines */
  { "OO+O | GGGRR | R", T, "-", "-", "One closed triplet=1;Three dragons=4", 5, WIN },
  { "OO+O GG+G | RR | R", R, "-", "-", "Three dragons=4", 4, WIN },
  { "OO+O GG+G | EE | E", R, "-", "-", "Two dragons=3", 3, WIN },
  { "- | OOOGGGEE | E", T, "-", "-", "Two closed triplets=3;Two dragons=3", 6, WIN },
  { "EE+E SS+S | WW | W", R, "-", "-", "Three winds=3", 3, WIN },
  { "EE+E SS+S | OO | O", R, "-", "-", "Two winds=2", 2, WIN },
  { "- | NNNWWWEE | E", T, "-", "-", "Two closed triplets=3;Three winds=3", 6, WIN },
  { "OOOO RRRR | GG | G", T, "-", "-", "Two closed kongs=5;Three dragons=4", 9, WIN },
  /* the spec's zero-point example: SS OOO+O EE+E */
  { "EE+E OOO+O | SS | S", R, "-", "-", "-", 0, ZERO },
  { "EE+E OOO+O | SS | S", T, "-", "-", "-", 0, ZERO },
  { "EE+E OOO+O | SS | S", T, "last_draw", "-", "Last draw=1", 1, WIN },
  { "EE+E OOO+O | SS | S", R, "last_discard", "-", "Last discard=1", 1, WIN },
  { "EE+E OOO+O | SS | S", T, "dead_wall_draw", "-", "Dead wall draw=1", 1, WIN },
  { "EE+E OOO+O | SS | S", R, "-", "S", "-", 0, BANNED },
  /* shape B */
  { "- | EESSWWNN | N", T, "-", "-", "Wind pairs=3", 3, WIN },
  { "- | OOGGRREE | E", R, "-", "-", "Dragon pairs=3", 3, WIN },
  { "- | OOGGRRNN | O", T, "-", "-", "Dragon pairs=3", 3, WIN },
  { "- | EESSOOGG | G", T, "-", "-", "Four pairs=1", 1, WIN },
  { "- | EESSWWRR | W", R, "-", "N", "Four pairs=1", 1, WIN },
  { "- | EESSWWNN | E", R, "-", "E", "Wind pairs=3", 3, BANNED },
  /* shape C */
  { "- | ESWNOGRR | R", T, "-", "-", "Seven orphans, 7-sided wait=3", 3, WIN },
  { "- | ESWNOGRR | R", R, "-", "-", "Seven orphans, 7-sided wait=3", 3, WIN },
  { "- | ESWNOGRR | R", T, "-", "R", "Seven orphans, 7-sided wait=2", 2, WIN },
  { "- | ESWNOGRR | R", R, "-", "R", "Seven orphans, 7-sided wait=3", 3, BANNED },
  { "- | ESWNOGRR | R", T, "-", "EW", "Seven orphans, 7-sided wait=3", 3, WIN },
  { "- | ESWNOGRR | E", T, "-", "-", "Seven orphans=1", 1, WIN },
  { "- | ESWNOGRR | E", R, "robbing_quad", "-", "Seven orphans=1;Robbing a quad=1", 2, WIN },
  { "- | EESWNOGR | S", T, "-", "S", "Seven orphans=1", 1, WIN },
  /* special ways */
  { "- | ESWNOGRR | R", T, "heavenly", "-", "Seven orphans, 7-sided wait=3;Heavenly hand=4", 7, WIN },
  { "- | EESSOOGG | G", T, "earthly", "-", "Four pairs=1;Earthly hand=2", 3, WIN },
  { "- | EESSWWNN | E", R, "hand_of_man", "-", "Wind pairs=3;Hand of man=2", 5, WIN },
  { "EE+E | SSSOO | O", R, "last_discard", "-", "One closed triplet=1;Two winds=2;Last discard=1", 4, WIN },
  { "EEEE | SSSOO | O", T, "last_draw,dead_wall_draw", "-",
    "One closed triplet=1;One closed kong=2;Two winds=2;Last draw=1;Dead wall draw=1", 7, WIN },
  { "- | SSSWWWOO | O", T, "heavenly", "-", "Two closed triplets=3;Two winds=2;Heavenly hand=4", 9, WIN },
  /* no shape: four of a kind held without a kong is never a set nor two pairs */
  { "- | EEEESSWW | W", T, "-", "-", NULL, 0, NONE },
  { "- | EEEEOOGG | G", T, "-", "-", NULL, 0, NONE },
  { "- | EESSWWNO | O", T, "-", "-", NULL, 0, NONE },
  { "EE+E | SSOOG | G", R, "-", "-", NULL, 0, NONE },
  { "- | ESWNOGGR | G", T, "heavenly", "-", "Seven orphans, 7-sided wait=3;Heavenly hand=4", 7, WIN },
};

static void
test_cases (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const Case *c = &cases[i];
      g_autoptr(GError) error = NULL;
      JihaiHand hand;
      JihaiScore score;
      guint flags = 0, discarded = 0;
      g_autofree char *lines = NULL;

      g_test_message ("%s %s %s %s", c->hand, c->way == T ? "tsumo" : "ron", c->flags, c->discarded);
      g_assert_true (jihai_hand_parse (c->hand, &hand, &error));
      g_assert_no_error (error);
      g_assert_true (jihai_flags_parse (c->flags, &flags, NULL));
      g_assert_true (jihai_kinds_parse (c->discarded, &discarded));
      g_assert_true (jihai_check_context (&hand, c->way, flags, discarded, &error));
      g_assert_no_error (error);
      jihai_score (&hand, c->way, flags, discarded, &score);
      g_assert_cmpint (score.status, ==, c->status);
      g_assert_cmpint (score.can_win, ==, c->status == WIN);
      if (c->status == NONE)
        {
          g_assert_cmpint (score.shape, ==, JIHAI_SHAPE_NONE);
          continue;
        }
      lines = jihai_score_lines_to_string (&score);
      g_assert_cmpstr (lines, ==, c->lines);
      g_assert_cmpint (score.total, ==, c->total);
    }
}

static void
test_shapes (void)
{
  static const struct { const char *hand; JihaiShape shape; } shapes[] = {
    { "- | SSSWWWOO | O", JIHAI_SHAPE_A },
    { "EE+E SS+S | WW | W", JIHAI_SHAPE_A },
    { "- | EESSWWNN | N", JIHAI_SHAPE_B },
    { "- | ESWNOGRR | R", JIHAI_SHAPE_C },
    { "EE+E | SSWWO | O", JIHAI_SHAPE_NONE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (shapes); i++)
    {
      JihaiHand hand;

      g_assert_true (jihai_hand_parse (shapes[i].hand, &hand, NULL));
      g_assert_cmpint (jihai_hand_shape (&hand), ==, shapes[i].shape);
    }
}

static void
test_bad_hands (void)
{
  static const char *const bad[] = {
    "", "EE+E", "- | ESWNOGRR", "- | ESWNOGRR | R | R",
    "- | EEEEESSS | S",          /* five copies */
    "EEEE | EESSO | S",          /* six E */
    "- | ESWNOGR | R",           /* 7 tiles */
    "- | ESWNOGRRR | R",         /* 9 tiles */
    "EE+S | SSSOO | O",          /* bad meld */
    "EE+ | SSSOO | O", "E+EE | SSSOO | O", "EEE+E+E | SSOO | O", "XX+X | SSSOO | O",
    "- | SSSWWWOO | E",          /* win tile not held */
    "- | SSSWWWOO | EE", "- | SSSWWWOX | O", "- | sssWWWOO | O",
    "EE+E SS+S WW+W | | N", "EE+E SS+S OO+O | R | R", "  | SSSWWWOO | O",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      JihaiHand hand;

      g_test_message ("%s", bad[i]);
      g_assert_false (jihai_hand_parse (bad[i], &hand, &error));
      g_assert_nonnull (error);
    }
}

static void
test_bad_context (void)
{
  static const struct { const char *hand; JihaiWinWay way; const char *flags; const char *discarded; } bad[] = {
    { "- | ESWNOGRR | R", R, "heavenly", "-" },
    { "- | ESWNOGRR | R", T, "hand_of_man", "-" },
    { "- | ESWNOGRR | R", T, "robbing_quad", "-" },
    { "- | ESWNOGRR | R", R, "robbing_quad", "-" },        /* the robbed kind is held twice */
    { "- | ESWNOGRR | E", R, "robbing_quad", "E" },
    { "- | ESWNOGRR | R", T, "heavenly", "E" },            /* a discard before the first draw */
    { "EE+E | SSSOO | O", T, "earthly", "-" },             /* a call before the first draw */
    { "- | ESWNOGRR | R", T, "heavenly,earthly", "-" },
    { "- | ESWNOGRR | R", T, "heavenly,last_draw", "-" },
    { "- | SSSWWWOO | O", T, "dead_wall_draw", "-" },       /* no kong */
    { "EEEE | SSSOO | O", T, "-", "E" },                    /* a fifth E */
  };
  g_autoptr(GError) error = NULL;
  guint flags;

  g_assert_false (jihai_flags_parse ("heavenly,foo", &flags, &error));
  g_assert_nonnull (error);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) local = NULL;
      JihaiHand hand;
      guint discarded;

      g_test_message ("%s %s %s", bad[i].hand, bad[i].flags, bad[i].discarded);
      g_assert_true (jihai_hand_parse (bad[i].hand, &hand, NULL));
      g_assert_true (jihai_flags_parse (bad[i].flags, &flags, NULL));
      g_assert_true (jihai_kinds_parse (bad[i].discarded, &discarded));
      g_assert_false (jihai_check_context (&hand, bad[i].way, flags, discarded, &local));
      g_assert_nonnull (local);
    }
}

/* Every parsed hand prints and parses back to the same hand. */
static void
test_round_trip (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      JihaiHand a, b;
      g_autofree char *text = NULL;

      g_assert_true (jihai_hand_parse (cases[i].hand, &a, NULL));
      text = jihai_hand_to_string (&a);
      g_assert_true (jihai_hand_parse (text, &b, NULL));
      g_assert_true (jihai_hand_equal (&a, &b));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/jihai/score/hand-worked", test_cases);
  g_test_add_func ("/jihai/score/shapes", test_shapes);
  g_test_add_func ("/jihai/score/bad-hands", test_bad_hands);
  g_test_add_func ("/jihai/score/bad-context", test_bad_context);
  g_test_add_func ("/jihai/score/round-trip", test_round_trip);
  return g_test_run ();
}
