/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "manhattan-card"

#include "config.h"

#include "manhattan-card.h"

struct _ManhattanCard
{
  GtkWidget parent_instance;

  int       position;   /* r * 3 + c, -1 for an empty slot */
};

G_DEFINE_FINAL_TYPE (ManhattanCard, manhattan_card, GTK_TYPE_WIDGET)

static void
manhattan_card_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  ManhattanCard *self = MANHATTAN_CARD (widget);
  double w = gtk_widget_get_width (widget);
  double h = gtk_widget_get_height (widget);
  double cell = MIN (w, h) / 3.4;
  double gap = cell * 0.1;
  double x0 = (w - 3 * cell - 2 * gap) / 2;
  double y0 = (h - 3 * cell - 2 * gap) / 2;
  GdkRGBA fg, mark;
  gboolean dark;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  dark = (fg.red + fg.green + fg.blue) > 1.5;
  /* In the dark style the unmarked cells need more contrast, the mark a lighter red. */
  gdk_rgba_parse (&mark, dark ? "#ff7b63" : "#e01b24");

  for (int i = 0; i < 9; i++)
    {
      graphene_rect_t rect = GRAPHENE_RECT_INIT (x0 + (i % 3) * (cell + gap),
                                                 y0 + (i / 3) * (cell + gap), cell, cell);
      GdkRGBA color = fg;

      if (i == self->position)
        color = mark;
      else
        color.alpha = self->position < 0 ? (dark ? 0.14 : 0.08) : (dark ? 0.34 : 0.18);
      gtk_snapshot_append_color (snapshot, &color, &rect);
    }
}

static void
manhattan_card_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  *minimum = 36;
  *natural = 48;
}

static void
manhattan_card_class_init (ManhattanCardClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = manhattan_card_snapshot;
  widget_class->measure = manhattan_card_measure;
  gtk_widget_class_set_css_name (widget_class, "manhattan-card");
  /* The picture of a card: its button says the card in words. */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_PRESENTATION);
}

static void
manhattan_card_init (ManhattanCard *self)
{
  self->position = -1;
}

GtkWidget *
manhattan_card_new (void)
{
  return g_object_new (MANHATTAN_TYPE_CARD, NULL);
}

void
manhattan_card_set_position (ManhattanCard *self,
                             int            position)
{
  g_return_if_fail (MANHATTAN_IS_CARD (self));
  g_return_if_fail (position >= -1 && position < 9);

  if (self->position == position)
    return;
  self->position = position;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
manhattan_card_get_position (ManhattanCard *self)
{
  g_return_val_if_fail (MANHATTAN_IS_CARD (self), -1);
  return self->position;
}
