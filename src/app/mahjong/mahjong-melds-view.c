/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mahjong-melds"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mahjong-melds-view.h"
#include "mahjong-tile-paint.h"
#include "parlor-screen-util.h"

#define GAP 0.04         /* between tiles of a meld, of a tile's height */
#define MELD_GAP 0.3     /* between melds */
#define MAX_TILE_H 64
#define MIN_SHOWN_TILE_H 32

struct _MahjongMeldsView
{
  GtkWidget   parent_instance;

  char       *owner;
  MahjongMeld melds[MAHJONG_MELDS_MAX];
  guint       n_melds;
  MahjongTile flowers[MAHJONG_FLOWERS_MAX];
  guint       n_flowers;
  guint       n_seats;

  /* Each meld, then the flowers, named for screen readers. */
  GtkWidget  *parts[MAHJONG_MELDS_MAX + 1];
};

G_DEFINE_FINAL_TYPE (MahjongMeldsView, mahjong_melds_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_N_SEATS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* One tile's place in a meld. */
typedef struct
{
  guint    tile;
  gboolean back;
  gboolean sideways;
  gboolean stacked;   /* a second sideways tile on top: an added kong */
} Slot;

/* The place of the claimed tile: 0 left, 1 opposite (2 seats: the opponent), last right. */
static guint
claimed_slot (const MahjongMeld *meld,
              guint              n_slots,
              guint              n_seats)
{
  if (n_seats == 2)
    return 1;
  switch (meld->from)
    {
    case 1:
      return 0;
    case 3:
      return n_slots - 1;
    default:
      return 1;
    }
}

static guint
meld_slots (const MahjongMeld *meld,
            guint              n_seats,
            Slot               slots[4])
{
  guint n = 0;

  memset (slots, 0, 4 * sizeof slots[0]);
  switch ((MahjongMeldType) meld->type)
    {
    case MAHJONG_MELD_CHOW:
      if (meld->claimed == MAHJONG_NO_TILE)
        {
          for (n = 0; n < 3; n++)
            slots[n] = (Slot) { meld->tile + n, FALSE, FALSE, FALSE };
          return 3;
        }
      /* The claimed tile first, sideways: a chow is always from the left. */
      slots[n++] = (Slot) { meld->claimed, FALSE, TRUE, FALSE };
      for (guint k = 0; k < 3; k++)
        if (meld->tile + k != meld->claimed && n < 3)
          slots[n++] = (Slot) { meld->tile + k, FALSE, FALSE, FALSE };
      return n;

    case MAHJONG_MELD_PUNG:
      for (n = 0; n < 3; n++)
        slots[n] = (Slot) { meld->tile, FALSE, FALSE, FALSE };
      if (meld->from != 0)
        slots[claimed_slot (meld, 3, n_seats)].sideways = TRUE;
      return 3;

    case MAHJONG_MELD_KONG:
    default:
      if (meld->source == MAHJONG_MELD_CONCEALED)
        {
          gboolean hidden = meld->tile == MAHJONG_NO_TILE;

          for (n = 0; n < 4; n++)
            slots[n] = (Slot) { meld->tile, hidden || n == 1 || n == 2, FALSE, FALSE };
          return 4;
        }
      if (meld->source == MAHJONG_MELD_ADDED)
        {
          for (n = 0; n < 3; n++)
            slots[n] = (Slot) { meld->tile, FALSE, FALSE, FALSE };
          slots[claimed_slot (meld, 3, n_seats)].sideways = TRUE;
          slots[claimed_slot (meld, 3, n_seats)].stacked = TRUE;
          return 3;
        }
      for (n = 0; n < 4; n++)
        slots[n] = (Slot) { meld->tile, FALSE, FALSE, FALSE };
      slots[claimed_slot (meld, 4, n_seats)].sideways = TRUE;
      return 4;
    }
}

static const char *
taken_from (const MahjongMeld *meld,
            guint              n_seats)
{
  if (n_seats == 2)
    return _("taken from the opponent");
  switch (meld->from)
    {
    case 1:
      return _("taken from the player on the left");
    case 3:
      return _("taken from the player on the right");
    default:
      return _("taken from the player opposite");
    }
}

char *
mahjong_meld_describe (const MahjongMeld *meld,
                       guint              n_seats)
{
  g_autofree char *name = NULL;
  g_autofree char *what = NULL;

  g_return_val_if_fail (meld != NULL, NULL);

  if (meld->tile == MAHJONG_NO_TILE)
    return g_strdup (_("Concealed kong, hidden"));
  name = mahjong_tile_name (meld->tile);

  switch ((MahjongMeldType) meld->type)
    {
    case MAHJONG_MELD_CHOW:
      {
        static const char * const suits[] = { N_("characters"), N_("dots"), N_("bamboo") };
        g_autofree char *claimed = meld->claimed != MAHJONG_NO_TILE
                                   ? mahjong_tile_name (meld->claimed) : NULL;
        guint rank = mahjong_tile_rank (meld->tile);

        /* Translators: "Chow 3-4-5 of dots" */
        what = g_strdup_printf (_("Chow %u-%u-%u of %s"), rank, rank + 1, rank + 2,
                                _(suits[mahjong_tile_suit (meld->tile) % 3]));
        if (claimed == NULL)
          return g_steal_pointer (&what);
        /* Translators: "Chow 3-4-5 of dots, 4 of dots taken from the player on the left" */
        return g_strdup_printf (_("%s, %s %s"), what, claimed, taken_from (meld, n_seats));
      }
    case MAHJONG_MELD_PUNG:
      /* Translators: "Pung of East wind" */
      what = g_strdup_printf (_("Pung of %s"), name);
      break;
    case MAHJONG_MELD_KONG:
    default:
      if (meld->source == MAHJONG_MELD_CONCEALED)
        /* Translators: "Concealed kong of Red dragon" */
        return g_strdup_printf (_("Concealed kong of %s"), name);
      if (meld->source == MAHJONG_MELD_ADDED)
        /* Translators: "Added kong of East wind" (a fourth tile added to a pung) */
        what = g_strdup_printf (_("Added kong of %s"), name);
      else
        /* Translators: "Kong of East wind" */
        what = g_strdup_printf (_("Kong of %s"), name);
      break;
    }
  if (meld->from == 0)
    return g_steal_pointer (&what);
  /* Translators: a meld and where its tile came from: "Pung of East wind, taken from the opponent" */
  return g_strdup_printf (_("%s, %s"), what, taken_from (meld, n_seats));
}

/* "Flowers: Flower 2, Flower 5" */
static char *
describe_flowers (MahjongMeldsView *self)
{
  g_autoptr(GString) flowers = g_string_new (NULL);

  for (guint i = 0; i < self->n_flowers; i++)
    {
      g_autofree char *name = mahjong_tile_name (self->flowers[i]);

      if (i > 0)
        g_string_append (flowers, _(", "));
      g_string_append (flowers, name);
    }
  /* Translators: "Flowers: Flower 2, Flower 5" */
  return g_strdup_printf (_("Flowers: %s"), flowers->str);
}

char *
mahjong_melds_view_describe (MahjongMeldsView *self)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (MAHJONG_IS_MELDS_VIEW (self), NULL);

  if (self->n_melds == 0 && self->n_flowers == 0)
    return g_strdup (_("No melds"));
  for (guint i = 0; i < self->n_melds; i++)
    {
      g_autofree char *meld = mahjong_meld_describe (&self->melds[i], self->n_seats);

      if (text->len > 0)
        /* Translators: the separator between melds in a list */
        g_string_append (text, _("; "));
      g_string_append (text, meld);
    }
  if (self->n_flowers > 0)
    {
      g_autofree char *item = describe_flowers (self);

      if (text->len > 0)
        g_string_append (text, _("; "));
      g_string_append (text, item);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
update_accessible (MahjongMeldsView *self)
{
  g_autofree char *label = self->owner == NULL ? g_strdup (_("Your melds"))
                                               /* Translators: "Alice’s melds" */
                                               : g_strdup_printf (_("%s’s melds"), self->owner);
  g_autofree char *text = mahjong_melds_view_describe (self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text,
                                  -1);
  for (guint i = 0; i <= MAHJONG_MELDS_MAX; i++)
    {
      gboolean shown = i < MAHJONG_MELDS_MAX ? i < self->n_melds : self->n_flowers > 0;
      g_autofree char *name = NULL;

      gtk_widget_set_visible (self->parts[i], shown);
      if (!shown)
        continue;
      name = i < MAHJONG_MELDS_MAX ? mahjong_meld_describe (&self->melds[i], self->n_seats)
                                   : describe_flowers (self);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->parts[i]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
    }
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

/* A meld's width in tile heights, the gap after it included. */
static double
meld_units (MahjongMeldsView *self,
            guint             index)
{
  Slot slots[4];
  guint n = meld_slots (&self->melds[index], self->n_seats, slots);
  double w = MELD_GAP;

  for (guint k = 0; k < n; k++)
    w += (slots[k].sideways ? 1 : MAHJONG_TILE_ASPECT) + GAP;
  return w;
}

/* The row's width and height in tile heights. */
static void
units (MahjongMeldsView *self,
       double           *units_w,
       double           *units_h)
{
  *units_w = 0;
  *units_h = 1;
  for (guint i = 0; i < self->n_melds; i++)
    {
      Slot slots[4];
      guint n = meld_slots (&self->melds[i], self->n_seats, slots);

      for (guint k = 0; k < n; k++)
        if (slots[k].stacked)
          *units_h = MAX (*units_h, 2 * MAHJONG_TILE_ASPECT + GAP);
      *units_w += meld_units (self, i);
    }
  *units_w += self->n_flowers * (MAHJONG_TILE_ASPECT + GAP);
}

static void
paint_sideways (GtkSnapshot *snapshot,
                GtkWidget   *widget,
                double       x,
                double       bottom,
                double       h,
                guint        tile)
{
  double w = h * MAHJONG_TILE_ASPECT;

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x + h / 2, bottom - w / 2));
  gtk_snapshot_rotate (snapshot, -90);
  mahjong_tile_paint (snapshot, widget, &GRAPHENE_RECT_INIT (-w / 2, -h / 2, w, h), tile, 0);
  gtk_snapshot_restore (snapshot);
}

static void
mahjong_melds_view_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  MahjongMeldsView *self = MAHJONG_MELDS_VIEW (widget);
  double width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  double uw, uh, h, x, bottom;
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;

  units (self, &uw, &uh);
  if (uw <= 0)
    return;
  h = MIN (MIN (width / uw, height / uh), MAX_TILE_H);
  if (h < 4)
    return;
  bottom = (height + uh * h) / 2;
  x = rtl ? width - uw * h : 0;

  for (guint i = 0; i < self->n_melds; i++)
    {
      Slot slots[4];
      guint n = meld_slots (&self->melds[i], self->n_seats, slots);

      for (guint k = 0; k < n; k++)
        {
          if (slots[k].sideways)
            {
              paint_sideways (snapshot, widget, x, bottom, h, slots[k].tile);
              if (slots[k].stacked)
                paint_sideways (snapshot, widget, x, bottom - h * (MAHJONG_TILE_ASPECT + GAP), h,
                                slots[k].tile);
              x += h * (1 + GAP);
            }
          else
            {
              graphene_rect_t rect = GRAPHENE_RECT_INIT (x, bottom - h, h * MAHJONG_TILE_ASPECT, h);

              mahjong_tile_paint (snapshot, widget, &rect, slots[k].tile,
                                  slots[k].back ? MAHJONG_TILE_PAINT_BACK : 0);
              x += h * (MAHJONG_TILE_ASPECT + GAP);
            }
        }
      x += h * MELD_GAP;
    }
  for (guint i = 0; i < self->n_flowers; i++)
    {
      graphene_rect_t rect = GRAPHENE_RECT_INIT (x, bottom - h, h * MAHJONG_TILE_ASPECT, h);

      mahjong_tile_paint (snapshot, widget, &rect, self->flowers[i], 0);
      x += h * (MAHJONG_TILE_ASPECT + GAP);
    }
}

static void
mahjong_melds_view_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  MahjongMeldsView *self = MAHJONG_MELDS_VIEW (widget);
  double uw, uh;

  units (self, &uw, &uh);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = (int) (uw * 16) + 1;
      *natural = (int) (uw * 48) + 1;
    }
  else
    {
      /* Flowers and melds keep the height of a discard on a small window. */
      *minimum = (int) (uh * (uw > 0 ? MIN_SHOWN_TILE_H : 16)) + 1;
      *natural = (int) (uh * 48) + 1;
    }
}

static void
mahjong_melds_view_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  MahjongMeldsView *self = MAHJONG_MELDS_VIEW (object);

  switch (prop_id)
    {
    case PROP_N_SEATS:
      g_value_set_uint (value, self->n_seats);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mahjong_melds_view_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  MahjongMeldsView *self = MAHJONG_MELDS_VIEW (object);

  switch (prop_id)
    {
    case PROP_N_SEATS:
      mahjong_melds_view_set_n_seats (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* Each part over its meld, the flowers' over the flowers. */
static void
mahjong_melds_view_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  MahjongMeldsView *self = MAHJONG_MELDS_VIEW (widget);
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  double uw, uh, h, x, top;

  units (self, &uw, &uh);
  if (uw <= 0)
    return;
  h = MIN (MIN (width / uw, height / uh), MAX_TILE_H);
  top = (height - uh * h) / 2;
  x = rtl ? width - uw * h : 0;
  for (guint i = 0; i < self->n_melds; i++)
    {
      double w = meld_units (self, i) * h;

      parlor_accessible_part_allocate (self->parts[i], &GRAPHENE_RECT_INIT (x, top, w, uh * h));
      x += w;
    }
  if (self->n_flowers > 0)
    parlor_accessible_part_allocate (self->parts[MAHJONG_MELDS_MAX],
                                     &GRAPHENE_RECT_INIT (x, top, MAX (width - x, 1), uh * h));
}

static void
mahjong_melds_view_dispose (GObject *object)
{
  MahjongMeldsView *self = MAHJONG_MELDS_VIEW (object);

  for (guint i = 0; i <= MAHJONG_MELDS_MAX; i++)
    g_clear_pointer (&self->parts[i], gtk_widget_unparent);

  G_OBJECT_CLASS (mahjong_melds_view_parent_class)->dispose (object);
}

static void
mahjong_melds_view_finalize (GObject *object)
{
  MahjongMeldsView *self = MAHJONG_MELDS_VIEW (object);

  g_free (self->owner);

  G_OBJECT_CLASS (mahjong_melds_view_parent_class)->finalize (object);
}

static void
mahjong_melds_view_class_init (MahjongMeldsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = mahjong_melds_view_get_property;
  object_class->set_property = mahjong_melds_view_set_property;
  object_class->dispose = mahjong_melds_view_dispose;
  object_class->finalize = mahjong_melds_view_finalize;
  widget_class->snapshot = mahjong_melds_view_snapshot;
  widget_class->measure = mahjong_melds_view_measure;
  widget_class->size_allocate = mahjong_melds_view_size_allocate;

  properties[PROP_N_SEATS] =
    g_param_spec_uint ("n-seats", NULL, NULL, 2, 5, 4,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_set_css_name (widget_class, "mahjong-melds");
}

static void
mahjong_melds_view_init (MahjongMeldsView *self)
{
  self->n_seats = 4;
  for (guint i = 0; i <= MAHJONG_MELDS_MAX; i++)
    {
      self->parts[i] = parlor_accessible_part_new (GTK_ACCESSIBLE_ROLE_LIST_ITEM);
      gtk_widget_set_parent (self->parts[i], GTK_WIDGET (self));
    }
  update_accessible (self);
}

GtkWidget *
mahjong_melds_view_new (void)
{
  return g_object_new (MAHJONG_TYPE_MELDS_VIEW, NULL);
}

void
mahjong_melds_view_set_owner (MahjongMeldsView *self,
                              const char       *owner_name)
{
  g_return_if_fail (MAHJONG_IS_MELDS_VIEW (self));

  g_free (self->owner);
  self->owner = g_strdup (owner_name);
  update_accessible (self);
}

void
mahjong_melds_view_set_melds (MahjongMeldsView  *self,
                              const MahjongMeld *melds,
                              guint              n_melds,
                              const MahjongTile *flowers,
                              guint              n_flowers)
{
  g_return_if_fail (MAHJONG_IS_MELDS_VIEW (self));
  g_return_if_fail (melds != NULL || n_melds == 0);
  g_return_if_fail (flowers != NULL || n_flowers == 0);
  g_return_if_fail (n_melds <= MAHJONG_MELDS_MAX && n_flowers <= MAHJONG_FLOWERS_MAX);

  self->n_melds = n_melds;
  if (n_melds > 0)
    memcpy (self->melds, melds, n_melds * sizeof melds[0]);
  self->n_flowers = n_flowers;
  if (n_flowers > 0)
    memcpy (self->flowers, flowers, n_flowers * sizeof flowers[0]);
  update_accessible (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

guint
mahjong_melds_view_get_n_melds (MahjongMeldsView *self)
{
  g_return_val_if_fail (MAHJONG_IS_MELDS_VIEW (self), 0);
  return self->n_melds;
}

double
mahjong_melds_view_get_tile_height (MahjongMeldsView *self)
{
  double uw, uh;

  g_return_val_if_fail (MAHJONG_IS_MELDS_VIEW (self), 0);

  units (self, &uw, &uh);
  if (uw <= 0)
    return 0;
  return MIN (MIN (gtk_widget_get_width (GTK_WIDGET (self)) / uw,
                   gtk_widget_get_height (GTK_WIDGET (self)) / uh), MAX_TILE_H);
}

guint
mahjong_melds_view_get_n_seats (MahjongMeldsView *self)
{
  g_return_val_if_fail (MAHJONG_IS_MELDS_VIEW (self), 4);
  return self->n_seats;
}

void
mahjong_melds_view_set_n_seats (MahjongMeldsView *self,
                                guint             n_seats)
{
  g_return_if_fail (MAHJONG_IS_MELDS_VIEW (self));
  g_return_if_fail (n_seats >= 2 && n_seats <= 5);

  if (self->n_seats == n_seats)
    return;
  self->n_seats = n_seats;
  update_accessible (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_SEATS]);
}
