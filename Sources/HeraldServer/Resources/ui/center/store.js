/*
 * The center's one store: its state is plain data (no DOM nodes), changed only
 * by dispatching an action through the reducer. Every change schedules one
 * render (the changes of one turn of the event loop make one), and every
 * action then goes to the effects (API calls, timers), which dispatch in turn.
 * Pure: no DOM; `schedule` defaults to a microtask.
 */

export function createStore(reduce, initial, { schedule = queueMicrotask } = {}) {
  let state = initial;
  let renderScheduled = false;
  const renderers = [];
  const effects = [];

  function render() {
    renderScheduled = false;
    for (const renderer of renderers) renderer(state);
  }

  function dispatch(action) {
    const previous = state;
    state = reduce(state, action);
    if (state !== previous && !renderScheduled && renderers.length > 0) {
      renderScheduled = true;
      schedule(render);
    }
    for (const effect of effects) effect(action, { previous, state });
  }

  return {
    getState: () => state,
    dispatch,
    /** `renderer(state)` runs once after each batch of changes. */
    subscribe: (renderer) => { renderers.push(renderer); },
    /** `effect(action, {previous, state})` runs after every action is reduced. */
    onAction: (effect) => { effects.push(effect); },
    /** Renders now, whether or not anything changed. */
    render,
  };
}
