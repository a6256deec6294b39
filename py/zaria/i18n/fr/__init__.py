"""The fr catalogue: one module per area of the app, merged."""

from zaria.i18n.fr import challenge, common, farkle, penta, rules

MESSAGES: dict[str, str] = {
    **common.MESSAGES,
    **penta.MESSAGES,
    **farkle.MESSAGES,
    **rules.MESSAGES,
    **challenge.MESSAGES,
}
