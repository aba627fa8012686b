/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mcr-setup"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "mcr-setup.h"

struct _McrSetup
{
  GtkWidget    parent_instance;

  AdwComboRow *level_row;
  AdwComboRow *hands_row;
  GtkWidget   *start_button;
};

G_DEFINE_FINAL_TYPE (McrSetup, mcr_setup, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_LEVEL, PROP_HANDS, N_PROPS };
static GParamSpec *props[N_PROPS];

static const char * const levels[] = { "1", "2", "3", "4" };

const char *
mcr_setup_get_level (McrSetup *self)
{
  guint i;

  g_return_val_if_fail (MCR_IS_SETUP (self), "3");
  i = adw_combo_row_get_selected (self->level_row);
  return levels[MIN (i, G_N_ELEMENTS (levels) - 1)];
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
  return g_strdup_printf ("hands=%u", mcr_setup_get_hands (self));
}

char *
mcr_setup_summary (McrSetup *self)
{
  /* Translators: "Computer level 3 · 16 hands" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Computer level %s · %u hand",
                                       "Computer level %s · %u hands", mcr_setup_get_hands (self)),
                          mcr_setup_get_level (self), mcr_setup_get_hands (self));
}

static void
on_changed (McrSetup *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_LEVEL]);
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
    case PROP_LEVEL:
      g_value_set_string (value, mcr_setup_get_level (self));
      break;
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
    case PROP_LEVEL:
      {
        const char *level = g_value_get_string (value);

        for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
          if (g_strcmp0 (level, levels[i]) == 0)
            adw_combo_row_set_selected (self->level_row, i);
      }
      break;
    case PROP_HANDS:
      adw_combo_row_set_selected (self->hands_row, g_value_get_uint (value) == 1 ? 1 : 0);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
mcr_setup_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (MCR_SETUP (widget)->start_button);
}

static void
mcr_setup_dispose (GObject *object)
{
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (object), MCR_TYPE_SETUP);
  /* The template's top widget is not bound, so not unparented above. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (mcr_setup_parent_class)->dispose (object);
}

static void
mcr_setup_class_init (McrSetupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mcr_setup_dispose;
  object_class->get_property = mcr_setup_get_property;
  object_class->set_property = mcr_setup_set_property;
  widget_class->grab_focus = mcr_setup_grab_focus;

  props[PROP_LEVEL] = g_param_spec_string ("level", NULL, NULL, "3",
                                           G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  props[PROP_HANDS] = g_param_spec_uint ("hands", NULL, NULL, 1, 16, 16,
                                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/parlorgames/Parlor/mcr/mcr-setup.ui");
  gtk_widget_class_bind_template_child (widget_class, McrSetup, level_row);
  gtk_widget_class_bind_template_child (widget_class, McrSetup, hands_row);
  gtk_widget_class_bind_template_child (widget_class, McrSetup, start_button);
  gtk_widget_class_bind_template_callback (widget_class, on_changed);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
mcr_setup_init (McrSetup *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  adw_combo_row_set_selected (self->level_row, 2);
}
