-- Neovim's own LSP client (headless) against implicits lsp: open the
-- showcase's App/main.swift, wait for the server, delete the line that
-- provides the DiscountCard as a user would, and write the diagnostic
-- Neovim then holds to $OUT. Neovim 0.7's API (Debian 12).
local implicits = assert(os.getenv("IMPLICITS"))
local project = assert(os.getenv("PROJECT"))
local out = assert(io.open(assert(os.getenv("OUT")), "w"))

local function finish(line)
  out:write(line .. "\n")
  out:close()
  vim.cmd("qa!")
end

vim.cmd("edit " .. project .. "/App/main.swift")
local buffer = vim.api.nvim_get_current_buf()
local client = vim.lsp.start_client({ name = "implicits", cmd = { implicits, "lsp" }, root_dir = project })
vim.lsp.buf_attach_client(buffer, client)
if not vim.wait(30000, function()
  local running = vim.lsp.get_client_by_id(client)
  return running ~= nil and running.initialized
end, 20) then
  return finish("error: the server did not initialize")
end
-- The first analysis of the clean file publishes no diagnostic.
vim.wait(3000, function() return false end, 100)
if #vim.diagnostic.get(buffer) ~= 0 then return finish("error: diagnostics before the edit") end

for number, text in ipairs(vim.api.nvim_buf_get_lines(buffer, 0, -1, false)) do
  if text:find("@Implicit var card", 1, true) then
    vim.api.nvim_buf_set_lines(buffer, number - 1, number, false, {})
    break
  end
end
if not vim.wait(30000, function() return #vim.diagnostic.get(buffer) > 0 end, 20) then
  return finish("error: no diagnostic after the edit")
end
local diagnostic = vim.diagnostic.get(buffer)[1]
vim.lsp.stop_client(client)
finish(string.format("%d:%d: %s: %s", diagnostic.lnum + 1, diagnostic.col + 1, diagnostic.source or "?", diagnostic.message))
