/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "hand-gen.h"
#include "mahjong-shape.h"
#include "mahjong-tile.h"

/* ---- a plain reference: the source's recursive check, and the special forms ---- */

static gboolean
ref_sets (guint8 *c,
          guint   sets,
          guint   pairs)
{
  guint i = 0;

  while (i < MAHJONG_N_KINDS && c[i] == 0)
    i++;
  if (i == MAHJONG_N_KINDS)
    return sets == 0 && pairs == 0;
  if (sets > 0 && c[i] >= 3)
    {
      gboolean ok;

      c[i] -= 3;
      ok = ref_sets (c, sets - 1, pairs);
      c[i] += 3;
      if (ok)
        return TRUE;
    }
  if (pairs > 0 && c[i] >= 2)
    {
      gboolean ok;

      c[i] -= 2;
      ok = ref_sets (c, sets, pairs - 1);
      c[i] += 2;
      if (ok)
        return TRUE;
    }
  if (sets > 0 && i < 27 && i % 9 < 7 && c[i + 1] > 0 && c[i + 2] > 0)
    {
      gboolean ok;

      c[i]--, c[i + 1]--, c[i + 2]--;
      ok = ref_sets (c, sets - 1, pairs);
      c[i]++, c[i + 1]++, c[i + 2]++;
      if (ok)
        return TRUE;
    }
  return FALSE;
}

/* 147/258/369 spread over the three suits in the order of perm */
static void
ref_knitted (guint   p,
             guint8 *tiles)
{
  static const guint8 perms[6][3] = { { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 },
                                      { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 } };
  guint n = 0;

  for (guint k = 0; k < 3; k++)
    for (guint r = k; r < 9; r += 3)
      tiles[n++] = (guint8) (perms[p][k] * 9 + r);
}

static gboolean
ref_complete (const guint8 *counts,
              guint         n_melds)
{
  guint8 c[MAHJONG_N_KINDS];
  guint total = 0;

  memcpy (c, counts, sizeof c);
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    total += c[t];
  if (total != 14 - 3 * n_melds)
    return FALSE;
  if (ref_sets (c, 4 - n_melds, 1))
    return TRUE;
  if (n_melds <= 1)
    for (guint p = 0; p < 6; p++)
      {
        guint8 kt[9];
        gboolean ok = TRUE;

        ref_knitted (p, kt);
        memcpy (c, counts, sizeof c);
        for (guint k = 0; k < 9 && ok; k++)
          ok = c[kt[k]]-- > 0;
        if (ok && ref_sets (c, 1 - n_melds, 1))
          return TRUE;
      }
  if (n_melds > 0)
    return FALSE;
  {
    gboolean pairs = TRUE, orphans = TRUE, orphan_pair = FALSE;

    for (guint t = 0; t < MAHJONG_N_KINDS; t++)
      {
        gboolean orphan = t >= 27 || t % 9 == 0 || t % 9 == 8;

        pairs &= counts[t] % 2 == 0;
        if (counts[t] > 0 && !orphan)
          orphans = FALSE;
        if (orphan && counts[t] == 0)
          orphans = FALSE;
        orphan_pair |= orphan && counts[t] == 2;
      }
    if (pairs || (orphans && orphan_pair))
      return TRUE;
  }
  for (guint p = 0; p < 6; p++)
    {
      guint8 kt[9];
      guint8 allowed[MAHJONG_N_KINDS] = { 0 };
      gboolean ok = TRUE;

      ref_knitted (p, kt);
      for (guint k = 0; k < 9; k++)
        allowed[kt[k]] = 1;
      for (guint t = 27; t < 34; t++)
        allowed[t] = 1;
      for (guint t = 0; t < MAHJONG_N_KINDS && ok; t++)
        ok = counts[t] == 0 || (counts[t] == 1 && allowed[t]);
      if (ok)
        return TRUE;
    }
  return FALSE;
}

/* Smallest number of exchanges (discard one, draw one) to complete a 14-tile hand,
 * searched up to depth 2; returns 3 for "more". */
static int
ref_exchanges (guint8 *c,
               guint   n_melds,
               int     depth)
{
  if (ref_complete (c, n_melds))
    return 0;
  if (depth == 0)
    return 3;
  {
    int best = 3;

    for (guint d = 0; d < MAHJONG_N_KINDS && best > 1; d++)
      {
        if (c[d] == 0)
          continue;
        c[d]--;
        for (guint t = 0; t < MAHJONG_N_KINDS && best > 1; t++)
          {
            int r;

            if (t == d || c[t] >= 4)
              continue;
            c[t]++;
            r = ref_exchanges (c, n_melds, depth - 1);
            c[t]--;
            best = MIN (best, r + 1);
          }
        c[d]++;
      }
    return best;
  }
}

static void
near_complete (ParlorRng *rng,
               guint8     c[MAHJONG_N_KINDS],
               guint      changes)
{
  MahjongHand h;

  do
    gen_winning_hand (rng, &h);
  while (h.n_melds > 0);
  memcpy (c, h.counts, MAHJONG_N_KINDS);
  for (guint k = 0; k < changes; k++)
    {
      guint from, to;

      do
        from = parlor_rng_below (rng, 34);
      while (c[from] == 0);
      do
        to = parlor_rng_below (rng, 34);
      while (c[to] >= 4 || to == from);
      c[from]--;
      c[to]++;
    }
}

static void
test_shanten_reference (void)
{
  ParlorRng rng;
  guint n = g_test_slow () ? 400 : 60;

  parlor_rng_init (&rng, 11, 12);
  for (guint i = 0; i < n; i++)
    {
      guint8 c[MAHJONG_N_KINDS];
      int s, ref;

      near_complete (&rng, c, i % 4);
      s = mahjong_shanten (c, 0, NULL);
      ref = ref_exchanges (c, 0, 2) - 1;
      if (ref == 2)
        g_assert_cmpint (s, >=, 2);
      else
        g_assert_cmpint (s, ==, ref);
      g_assert_cmpint (s == -1, ==, mahjong_is_complete (c, 0));
    }
}

static void
test_shanten_random_hands (void)
{
  ParlorRng rng;
  guint n = g_test_slow () ? 200 : 30;

  /* fully random hands are rarely close: check shanten ≥ 2 ⇔ no 2-exchange win */
  parlor_rng_init (&rng, 13, 14);
  for (guint i = 0; i < n; i++)
    {
      guint8 c[MAHJONG_N_KINDS] = { 0 };
      int s, ref;

      for (guint k = 0; k < 14; k++)
        {
          guint t;

          do
            t = parlor_rng_below (&rng, 34);
          while (c[t] >= 4);
          c[t]++;
        }
      s = mahjong_shanten (c, 0, NULL);
      ref = ref_exchanges (c, 0, 2) - 1;
      if (ref == 2)
        g_assert_cmpint (s, >=, 2);
      else
        g_assert_cmpint (s, ==, ref);
    }
}

static void
test_winning_tiles_reference (void)
{
  ParlorRng rng;
  guint n = g_test_slow () ? 50000 : 5000;

  parlor_rng_init (&rng, 15, 16);
  for (guint i = 0; i < n; i++)
    {
      MahjongHand h;
      guint8 c[MAHJONG_N_KINDS], all[MAHJONG_N_KINDS], out[MAHJONG_N_KINDS];
      guint8 expect[MAHJONG_N_KINDS];
      guint ne = 0, got;

      gen_winning_hand (&rng, &h);
      if (i % 3 == 0)
        {
          /* move one more tile to make many hands not ready */
          guint from;

          do
            from = parlor_rng_below (&rng, 34);
          while (h.counts[from] == 0);
          h.counts[from]--;
          h.counts[(from + 1 + parlor_rng_below (&rng, 33)) % 34]++;
          if (h.counts[h.last_tile] == 0)
            continue;
        }
      mahjong_hand_all_counts (&h, all);
      memcpy (c, h.counts, sizeof c);
      c[h.last_tile]--;
      all[h.last_tile]--;
      {
        gboolean over = FALSE;

        for (guint t = 0; t < MAHJONG_N_KINDS; t++)
          over |= all[t] > 4;
        if (over)
          continue;
      }
      for (guint t = 0; t < MAHJONG_N_KINDS; t++)
        {
          if (all[t] >= 4)
            continue;
          c[t]++;
          if (ref_complete (c, h.n_melds))
            expect[ne++] = (guint8) t;
          c[t]--;
        }
      got = mahjong_winning_tiles (c, h.n_melds, all, MAHJONG_N_KINDS, out);
      g_assert_cmpuint (got, ==, ne);
      g_assert_cmpmem (out, got, expect, ne);
      g_assert_cmpint (mahjong_shanten (c, h.n_melds, NULL) == 0, ==,
                       ne > 0 || mahjong_shanten (c, h.n_melds, NULL) == 0);
      if (ne > 0)
        g_assert_cmpint (mahjong_shanten (c, h.n_melds, NULL), ==, 0);
    }
}

static void
test_forms (void)
{
  static const struct { const char *hand; int form[MAHJONG_N_FORMS]; } cases[] = {
    /* regular, seven pairs, thirteen orphans, honors and knitted, knitted straight */
    { "19m19p19s1234567z", { 8, 6, 0, 4, 9 } },
    { "19m19p19s1234567z7z", { 7, 5, -1, 4, 8 } },
    { "1199m2255p88sEEC", { 3, 0, 8, 8, 6 } },
    { "147m258p369sESWN", { 8, 6, 7, 0, 2 } },
    { "147m258p369sESWNP", { 8, 6, 6, -1, 2 } },
    { "147m258p369s123mE", { 5, 5, 9, 3, 0 } },
    { "147m258p369s123mEE", { 4, 4, 9, 3, -1 } },
    { "123m456p789s1122s", { 0, 4, 9, 9, 5 } },
    { "11223344556677m", { -1, -1, 11, 10, 5 } },
    { "[123m1]456p789s1122s", { 0, MAHJONG_SHANTEN_NONE, MAHJONG_SHANTEN_NONE,
                                MAHJONG_SHANTEN_NONE, 5 } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      MahjongHand h;
      int forms[MAHJONG_N_FORMS];
      int best = MAHJONG_SHANTEN_NONE;

      g_test_message ("%s", cases[i].hand);
      g_assert_true (mahjong_hand_parse (cases[i].hand, &h, &error));
      g_assert_cmpint (mahjong_shanten (h.counts, h.n_melds, forms), ==,
                       mahjong_shanten (h.counts, h.n_melds, NULL));
      for (guint f = 0; f < MAHJONG_N_FORMS; f++)
        {
          g_assert_cmpint (forms[f], ==, cases[i].form[f]);
          best = MIN (best, forms[f]);
        }
      g_assert_cmpint (mahjong_shanten (h.counts, h.n_melds, NULL), ==, best);
      for (guint f = 0; f < MAHJONG_N_FORMS; f++)
        g_assert_cmpint ((mahjong_complete_forms (h.counts, h.n_melds) >> f) & 1, ==,
                         cases[i].form[f] == -1);
    }
}

static void
test_effective (void)
{
  g_autoptr(GError) error = NULL;
  MahjongHand h;
  MahjongEffective eff[MAHJONG_N_KINDS];
  guint8 visible[MAHJONG_N_KINDS] = { 0 };
  guint n;

  /* ready on 1s and 2s (two of each held): 4 unseen tiles */
  g_assert_true (mahjong_hand_parse ("123m456p789s1122s", &h, &error));
  n = mahjong_effective_tiles (&h, NULL, eff);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpint (eff[0].shanten, ==, 0);
  g_assert_cmpuint (eff[0].n_kinds, ==, 2);
  g_assert_cmpuint (eff[0].kinds[0], ==, 18);
  g_assert_cmpuint (eff[0].kinds[1], ==, 19);
  g_assert_cmpuint (eff[0].n_tiles, ==, 4);

  /* one more 1s seen in a discard leaves 3 */
  mahjong_hand_all_counts (&h, visible);
  visible[18]++;
  n = mahjong_effective_tiles (&h, visible, eff);
  g_assert_cmpuint (eff[0].n_tiles, ==, 3);

  /* 14 tiles: dropping 3s waits on 9m (3 unseen), dropping 9m waits on 3s (2 unseen) */
  g_assert_true (mahjong_hand_parse ("123m456p789s1233s9m", &h, &error));
  n = mahjong_effective_tiles (&h, NULL, eff);
  g_assert_cmpuint (n, ==, 13);
  g_assert_cmpuint (eff[0].discard, ==, 20);
  g_assert_cmpint (eff[0].shanten, ==, 0);
  g_assert_cmpuint (eff[0].n_tiles, ==, 3);
  g_assert_cmpuint (eff[1].discard, ==, 8);
  g_assert_cmpint (eff[1].shanten, ==, 0);
  g_assert_cmpuint (eff[1].n_tiles, ==, 2);
  g_assert_cmpint (eff[2].shanten, ==, 1);
  /* the effective tiles of a ready hand are exactly its winning tiles */
  for (guint i = 0; i < 2; i++)
    {
      guint n_win = 0;

      for (guint t = 0; t < MAHJONG_N_KINDS; t++)
        {
          guint8 c[MAHJONG_N_KINDS];

          memcpy (c, h.counts, sizeof c);
          c[eff[i].discard]--;
          if (c[t] >= 4)
            continue;
          c[t]++;
          if (ref_complete (c, 0))
            {
              g_assert_cmpuint (eff[i].kinds[n_win], ==, t);
              n_win++;
            }
        }
      g_assert_cmpuint (n_win, ==, eff[i].n_kinds);
    }
  for (guint i = 1; i < n; i++)
    g_assert_true (eff[i].shanten > eff[0].shanten
                   || (eff[i].shanten == eff[0].shanten && eff[i].n_tiles <= eff[0].n_tiles));
}

/* ---- splits, and the two small games ---- */

static void
ref_splits_rec (guint8     *c,
                guint       sets,
                guint       pairs,
                guint       chow_suits,
                GString    *path,
                GHashTable *seen)
{
  gboolean empty = TRUE;

  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    empty &= c[t] == 0;
  if (empty)
    {
      if (sets == 0 && pairs == 0)
        {
          /* canonical: the groups sorted */
          g_auto(GStrv) parts = g_strsplit (path->str, " ", -1);
          g_autofree char *key = NULL;
          guint np = g_strv_length (parts);

          for (guint a = 0; a < np; a++)
            for (guint b = a + 1; b < np; b++)
              if (strcmp (parts[a], parts[b]) > 0)
                {
                  char *x = parts[a];
                  parts[a] = parts[b], parts[b] = x;
                }
          key = g_strjoinv (" ", parts);
          g_hash_table_add (seen, g_steal_pointer (&key));
        }
      return;
    }
  for (guint t = 0; t < MAHJONG_N_KINDS; t++)
    {
      gsize len = path->len;

      if (c[t] >= 2 && pairs > 0)
        {
          c[t] -= 2;
          g_string_append_printf (path, "%sP%02u", len ? " " : "", t);
          ref_splits_rec (c, sets, pairs - 1, chow_suits, path, seen);
          g_string_truncate (path, len);
          c[t] += 2;
        }
      if (c[t] >= 3 && sets > 0)
        {
          c[t] -= 3;
          g_string_append_printf (path, "%sK%02u", len ? " " : "", t);
          ref_splits_rec (c, sets - 1, pairs, chow_suits, path, seen);
          g_string_truncate (path, len);
          c[t] += 3;
        }
      if (sets > 0 && t < 27 && (chow_suits & (1u << (t / 9))) && t % 9 < 7
          && c[t] > 0 && c[t + 1] > 0 && c[t + 2] > 0)
        {
          c[t]--, c[t + 1]--, c[t + 2]--;
          g_string_append_printf (path, "%sC%02u", len ? " " : "", t);
          ref_splits_rec (c, sets - 1, pairs, chow_suits, path, seen);
          g_string_truncate (path, len);
          c[t]++, c[t + 1]++, c[t + 2]++;
        }
    }
}

static guint
ref_split_count (const guint8          *counts,
                 const MahjongSetRules *rules,
                 guint                  sets)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GString) path = g_string_new (NULL);
  guint8 c[MAHJONG_N_KINDS];

  memcpy (c, counts, sizeof c);
  ref_splits_rec (c, sets, rules->n_pairs, rules->chow_suits, path, seen);
  return g_hash_table_size (seen);
}

typedef struct
{
  guint8 counts[MAHJONG_N_KINDS];
  guint  n;
} CheckData;

static gboolean
check_split (const MahjongGroup *groups,
             guint               n_groups,
             gpointer            user_data)
{
  CheckData *d = user_data;
  guint8 c[MAHJONG_N_KINDS] = { 0 };

  for (guint i = 0; i < n_groups; i++)
    switch ((MahjongGroupType) groups[i].type)
      {
      case MAHJONG_GROUP_PAIR:
        c[groups[i].tile] += 2;
        break;
      case MAHJONG_GROUP_PUNG:
        c[groups[i].tile] += 3;
        break;
      case MAHJONG_GROUP_CHOW:
        c[groups[i].tile]++, c[groups[i].tile + 1]++, c[groups[i].tile + 2]++;
        break;
      default:
        g_assert_not_reached ();
      }
  g_assert_cmpmem (c, sizeof c, d->counts, sizeof c);
  d->n++;
  return TRUE;
}

static void
test_splits_mcr (void)
{
  ParlorRng rng;

  parlor_rng_init (&rng, 17, 18);
  for (guint i = 0; i < 2000; i++)
    {
      MahjongHand h;
      CheckData d;
      guint n;

      gen_winning_hand (&rng, &h);
      memcpy (d.counts, h.counts, sizeof d.counts);
      d.n = 0;
      n = mahjong_split_enumerate (h.counts, &mahjong_rules_mcr, 4 - h.n_melds, check_split, &d);
      g_assert_cmpuint (n, ==, d.n);
      g_assert_cmpuint (n, ==, ref_split_count (h.counts, &mahjong_rules_mcr, 4 - h.n_melds));
    }
  {
    /* 111222333m: three pungs or three chows */
    MahjongHand h;
    CheckData d = { { 0 }, 0 };

    g_assert_true (mahjong_hand_parse ("[789p1]111222333m5s5s", &h, NULL));
    memcpy (d.counts, h.counts, sizeof d.counts);
    g_assert_cmpuint (mahjong_split_enumerate (h.counts, &mahjong_rules_mcr, 3, check_split, &d), ==, 2);
  }
}

static guint
split_text (const char            *text,
            const MahjongSetRules *rules)
{
  guint8 c[MAHJONG_N_KINDS] = { 0 };

  for (const char *p = text; *p != '\0'; p++)
    {
      char tile[3] = { p[0], '\0', '\0' };
      guint t;

      if (p[0] >= '1' && p[0] <= '9')
        tile[1] = *++p;
      t = mahjong_tile_from_string (tile);
      g_assert_cmpuint (t, !=, MAHJONG_NO_TILE);
      c[t]++;
    }
  g_assert_cmpuint (ref_split_count (c, rules, rules->n_sets), ==,
                    mahjong_split_enumerate (c, rules, -1, NULL, NULL));
  return mahjong_split_enumerate (c, rules, -1, NULL, NULL);
}

static void
test_splits_suzume (void)
{
  /* 6 tiles: two sets, runs only in bamboo, dragons only as triplets */
  g_assert_cmpuint (split_text ("1s2s3s9s9s9s", &mahjong_rules_suzume), ==, 1);
  g_assert_cmpuint (split_text ("1s1s1s2s2s2s", &mahjong_rules_suzume), ==, 1);
  g_assert_cmpuint (split_text ("1s1s2s2s3s3s", &mahjong_rules_suzume), ==, 1);
  g_assert_cmpuint (split_text ("FFF2s3s4s", &mahjong_rules_suzume), ==, 1);
  g_assert_cmpuint (split_text ("FFFCCC", &mahjong_rules_suzume), ==, 1);
  g_assert_cmpuint (split_text ("1s1s1s9s9s9s", &mahjong_rules_suzume), ==, 1);
  g_assert_cmpuint (split_text ("1s1s2s2s3s4s", &mahjong_rules_suzume), ==, 0);
  g_assert_cmpuint (split_text ("FFCC1s1s", &mahjong_rules_suzume), ==, 0);
  /* a run of characters is no set in Suzume-jong */
  g_assert_cmpuint (split_text ("1m2m3m9s9s9s", &mahjong_rules_suzume), ==, 0);
  g_assert_cmpuint (split_text ("1s2s3s4s5s6s", &mahjong_rules_suzume), ==, 1);
}

static void
test_splits_honors (void)
{
  /* 8 tiles: two triplets of two kinds + a pair of a third */
  g_assert_cmpuint (split_text ("EEESSSWW", &mahjong_rules_honors), ==, 1);
  g_assert_cmpuint (split_text ("PPPFFFCC", &mahjong_rules_honors), ==, 1);
  g_assert_cmpuint (split_text ("EEEESSSW", &mahjong_rules_honors), ==, 0);
  g_assert_cmpuint (split_text ("EESSWWNN", &mahjong_rules_honors), ==, 0);
  g_assert_cmpuint (split_text ("EEESSSPPP", &mahjong_rules_honors), ==, 0);
  /* with a declared kong only one triplet and the pair are left */
  {
    guint8 c[MAHJONG_N_KINDS] = { 0 };

    c[MAHJONG_TILE_EAST] = 3;
    c[MAHJONG_TILE_RED_DRAGON] = 2;
    g_assert_cmpuint (mahjong_split_enumerate (c, &mahjong_rules_honors, 1, NULL, NULL), ==, 1);
    g_assert_cmpuint (mahjong_split_enumerate (c, &mahjong_rules_honors, -1, NULL, NULL), ==, 0);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/mahjong/shanten/brute-force-near-complete", test_shanten_reference);
  g_test_add_func ("/mahjong/shanten/brute-force-random", test_shanten_random_hands);
  g_test_add_func ("/mahjong/shanten/forms", test_forms);
  g_test_add_func ("/mahjong/shanten/effective-tiles", test_effective);
  g_test_add_func ("/mahjong/waits/brute-force", test_winning_tiles_reference);
  g_test_add_func ("/mahjong/splits/mcr-brute-force", test_splits_mcr);
  g_test_add_func ("/mahjong/splits/suzume", test_splits_suzume);
  g_test_add_func ("/mahjong/splits/honors", test_splits_honors);
  return g_test_run ();
}
