/** The spec's "完整事件示例". */
export const SPEC_JSONL = `{"type":"start","call_id":"c-1697801234-abc123","project":"/path","agent":"writing_agent","task":"写文章"}
{"type":"token","call_id":"c-1697801234-abc123","text":"开始收集资料..."}
{"type":"progress","call_id":"c-1697801234-abc123","phase":"collect","pct":20}
{"type":"human_in_loop","call_id":"c-1697801234-abc123","hil_id":"HIL-001","title":"请确认参考文献","message":"已找到10篇论文，是否继续？","ui":{"type":"confirm"},"timeout_sec":1800}
{"type":"notice","call_id":"c-1697801234-abc123","text":"等待用户确认..."}
{"type":"token","call_id":"c-1697801234-abc123","text":"用户已确认，继续处理..."}
{"type":"artifact","call_id":"c-1697801234-abc123","kind":"file","path":"upload/references.md","summary":"参考文献列表"}
{"type":"result","call_id":"c-1697801234-abc123","ok":true,"summary":"文章已生成","artifacts":["upload/article.md"]}
{"type":"end","call_id":"c-1697801234-abc123","status":"ok","duration_ms":125430}`;
