/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mcr-setup"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "mcr-game.h"
#include "mcr-setup.h"

struct _McrSetup
{
  ParlorSetup  parent_instance;

  AdwComboRow *hands_row;
};

G_DEFINE_FINAL_TYPE (McrSetup, mcr_setup, PARLOR_TYPE_SETUP)

enum { PROP_0, PROP_HANDS, N_PROPS };
static GParamSpec *props[N_PROPS];

const char *
mcr_setup_get_level (McrSetup *self)
{
  g_return_val_if_fail (MCR_IS_SETUP (self), NULL);
  return parlor_setup_get_level (PARLOR_SETUP (self));
}

guint
mcr_setup_get_hands (McrSetup *self)
{
  g_return_val_if_fail (MCR_IS_SETUP (self), 16);
  return adw_combo_row_get_selected (self->hands_row) == 1 ? 1 : 16;
}

char *
mcr_setup_make_config (McrSetup *self)
{
  g_return_val_if_fail (MCR_IS_SETUP (self), NULL);
  return g_strdup_printf ("hands=%u", mcr_setup_get_hands (self));
}

char *
mcr_setup_summary (McrSetup *self)
{
  guint hands;

  g_return_val_if_fail (MCR_IS_SETUP (self), NULL);

  hands = mcr_setup_get_hands (self);
  /* Translators: "Computer strength: Hard · 16 hands" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Computer strength: %s · %u hand",
                                       "Computer strength: %s · %u hands", hands),
                          parlor_setup_get_strength_label (PARLOR_SETUP (self)), hands);
}

static void
on_hands_changed (McrSetup *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_HANDS]);
}

static void
mcr_setup_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  McrSetup *self = MCR_SETUP (object);

  switch (prop_id)
    {
    case PROP_HANDS:
      g_value_set_uint (value, mcr_setup_get_hands (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mcr_setup_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  McrSetup *self = MCR_SETUP (object);

  switch (prop_id)
    {
    case PROP_HANDS:
      adw_combo_row_set_selected (self->hands_row, g_value_get_uint (value) == 1 ? 1 : 0);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static char *
make_config (ParlorSetup *setup,
             gboolean     hosted)
{
  return mcr_setup_make_config (MCR_SETUP (setup));
}

static char *
summary (ParlorSetup *setup)
{
  return mcr_setup_summary (MCR_SETUP (setup));
}

static void
mcr_setup_class_init (McrSetupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = mcr_setup_get_property;
  object_class->set_property = mcr_setup_set_property;

  props[PROP_HANDS] = g_param_spec_uint ("hands", NULL, NULL, 1, 16, 16,
                                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                                         G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);

  PARLOR_SETUP_CLASS (klass)->game_info = &mcr_game_info;
  PARLOR_SETUP_CLASS (klass)->claim_time = TRUE;
  PARLOR_SETUP_CLASS (klass)->make_config = make_config;
  PARLOR_SETUP_CLASS (klass)->summary = summary;
  parlor_setup_class_set_template (widget_class, "/io/github/parlorgames/Parlor/mcr/mcr-setup.ui");
  gtk_widget_class_bind_template_child (widget_class, McrSetup, hands_row);
  gtk_widget_class_bind_template_callback (widget_class, on_hands_changed);
  gtk_widget_class_set_css_name (widget_class, "mcr-setup");
}

static void
mcr_setup_init (McrSetup *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
