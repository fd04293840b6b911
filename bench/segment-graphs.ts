/**
 * The segment filter graphs the encoder bench (bench/encoder.ts) compares with the renderer's
 * own (segmentArgs): the graph as it was before docs/decisions/0089-segments-stay-in-4-2-0.md,
 * and the reference's, with every picture kept in 4:4:4.
 */

/** The renderer's filter graph with every picture kept in 4:4:4: the reference's frames. */
export function inFullChroma(graph: string): string {
  return graph.replaceAll('format=yuv420p', 'format=yuv444p');
}

/**
 * The filter graph as segmentArgs made it before 0089: the motion scaled and cropped in whatever
 * format the graph settled on (4:4:4, for xfade) and the whole scene through xfade.
 */
export function beforeGraph(graph: string): string {
  const motion = /crop=(w=\d+:h=\d+:x='[^']*':y='[^']*'):exact=1,setsar=1,format=yuv420p/g;
  const fade =
    /\[own\]split\[ownhead\]\[owntail\];\[ownhead\]trim=end_frame=(\d+)\[head\];\[owntail\]trim=start_frame=\d+,setpts=PTS-STARTPTS\[tail\];\[tail\]\[next\]xfade=transition=fade:duration=([\d.]+):offset=0,format=yuv420p\[crossfade\];\[head\]\[crossfade\]concat=n=2:v=1:a=0\[faded\]/;
  const fps = /settb=1\/(\d+)/.exec(graph)?.[1];
  const before = graph
    .replace(motion, 'crop=$1,setsar=1')
    .replace(fade, (_m, head: string, duration: string) => {
      return `[own][next]xfade=transition=fade:duration=${duration}:offset=${Number(head) / Number(fps)}[faded]`;
    });
  if (before.includes('exact=1') || before.includes('[crossfade]') || !fps)
    throw new Error(`the filter graph is not the one beforeGraph knows: ${graph}`);
  return before;
}
